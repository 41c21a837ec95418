package mail

// templates holds every text of Marquee's e-mails per language. Values may
// use the placeholders {festival}, {date}, {link} and {manage}. Every
// language has every key (a test checks it), and a missing language falls
// back to English.
var templates = map[string]map[string]string{
	"en": {
		"reminder.subject.day-of":          "Today: {festival}",
		"reminder.subject.one-day-before":  "Tomorrow: {festival}",
		"reminder.subject.one-week-before": "In one week: {festival}",
		"reminder.greeting":                "Hello,",
		"reminder.intro.day-of":            "This is your reminder: {festival} takes place today, {date}.",
		"reminder.intro.one-day-before":    "This is your reminder: {festival} takes place tomorrow, {date}.",
		"reminder.intro.one-week-before":   "This is your reminder: {festival} takes place in one week, on {date}.",
		"reminder.link":                    "Festival page: {link}",
		"reminder.manage":                  "You asked Marquee for this reminder. To see or delete your reminders, visit {manage}",
		"signature":                        "— Marquee, the film festival platform",
	},
	"ja": {
		"reminder.subject.day-of":          "本日開催：{festival}",
		"reminder.subject.one-day-before":  "明日開催：{festival}",
		"reminder.subject.one-week-before": "1週間後に開催：{festival}",
		"reminder.greeting":                "こんにちは。",
		"reminder.intro.day-of":            "リマインダーのお知らせです。{festival}は本日 {date} に開催されます。",
		"reminder.intro.one-day-before":    "リマインダーのお知らせです。{festival}は明日 {date} に開催されます。",
		"reminder.intro.one-week-before":   "リマインダーのお知らせです。{festival}は1週間後の {date} に開催されます。",
		"reminder.link":                    "映画祭のページ：{link}",
		"reminder.manage":                  "このメールは、Marquee で設定されたリマインダーに基づいてお送りしています。リマインダーの確認や削除は {manage} から行えます。",
		"signature":                        "— Marquee 映画祭プラットフォーム",
	},
	"zh": {
		"reminder.subject.day-of":          "今天举行：{festival}",
		"reminder.subject.one-day-before":  "明天举行：{festival}",
		"reminder.subject.one-week-before": "一周后举行：{festival}",
		"reminder.greeting":                "您好：",
		"reminder.intro.day-of":            "这是您设置的提醒：{festival}将于今天（{date}）举行。",
		"reminder.intro.one-day-before":    "这是您设置的提醒：{festival}将于明天（{date}）举行。",
		"reminder.intro.one-week-before":   "这是您设置的提醒：{festival}将于一周后（{date}）举行。",
		"reminder.link":                    "电影节页面：{link}",
		"reminder.manage":                  "这封邮件来自您在 Marquee 上设置的提醒。如需查看或删除提醒，请访问 {manage}",
		"signature":                        "— Marquee 电影节平台",
	},
}

// text returns the template key in lang, falling back to English.
func text(lang, key string) string {
	if t, ok := templates[lang][key]; ok {
		return t
	}
	return templates["en"][key]
}
