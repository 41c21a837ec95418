package marquee

// What a judge may see of a submission, its film and the filmmaker is
// written once, here, as a list of the fields copied: a field added to
// Submission or Film stays hidden from judges until it is named below.

// JudgeView returns copies of s and f (either may be nil, then nil is
// returned for it) holding only what a judge of the submission's festival
// may see:
//
//   - of the submission: which film, festival and category it is, its
//     tier, status and award, and when it was entered, decided or
//     withdrawn; never the team's flag, the judging summary, the fees
//     and waiver code, the shared feedback or the filmmaker's language;
//   - of the film: its texts and facts, poster and screener, its specs
//     (trailer, technical specs, flags, premiere status, the screenings
//     and awards it has: festivals' names, never people's), its stills,
//     and its dates; never whether it is public nor its active
//     submissions;
//   - of the filmmaker (the submission's filmmaker id, name and e-mail,
//     the film's owner id, director and credits): everything, unless
//     the festival reviews blind; then nothing.
//
// Every path that shows a judge a submission or a film (the queue, one
// assignment, GET /films/{id}) shows it through JudgeView.
func JudgeView(s *Submission, f *Film, blind bool) (*Submission, *Film) {
	return judgeSubmission(s, blind), judgeFilm(f, blind)
}

func judgeSubmission(s *Submission, blind bool) *Submission {
	if s == nil {
		return nil
	}
	out := &Submission{
		ID:           s.ID,
		FilmID:       s.FilmID,
		FilmTitle:    s.FilmTitle,
		FestivalID:   s.FestivalID,
		FestivalSlug: s.FestivalSlug,
		FestivalName: s.FestivalName,
		CategoryID:   s.CategoryID,
		CategoryName: s.CategoryName,
		Country:      s.Country,
		Tier:         s.Tier,
		Status:       s.Status,
		AwardName:    s.AwardName,
		Feedback:     []string{},
		CreatedAt:    s.CreatedAt,
		DecidedAt:    s.DecidedAt,
		WithdrawnAt:  s.WithdrawnAt,
	}
	if !blind {
		out.FilmmakerID, out.FilmmakerName, out.FilmmakerEmail = s.FilmmakerID, s.FilmmakerName, s.FilmmakerEmail
	}
	return out
}

func judgeFilm(f *Film, blind bool) *Film {
	if f == nil {
		return nil
	}
	out := &Film{
		ID: f.ID,
		FilmDetails: FilmDetails{
			Title:            f.Title,
			OriginalTitle:    f.OriginalTitle,
			Logline:          f.Logline,
			Synopsis:         f.Synopsis,
			RuntimeMinutes:   f.RuntimeMinutes,
			Genre:            f.Genre,
			Country:          f.Country,
			Language:         f.Language,
			Year:             f.Year,
			Credits:          []FilmCredit{},
			ScreenerURL:      f.ScreenerURL,
			ScreenerPassword: f.ScreenerPassword,
		},
		Specs:        judgeSpecs(f.Specs),
		Stills:       append([]FilmStill{}, f.Stills...),
		PosterURL:    f.PosterURL,
		PosterImages: f.PosterImages,
		CreatedAt:    f.CreatedAt,
		UpdatedAt:    f.UpdatedAt,
	}
	if !blind {
		out.OwnerID, out.Director = f.OwnerID, f.Director
		out.Credits = append(out.Credits, f.Credits...)
	}
	return out
}

// judgeSpecs copies the specs a judge sees, field by field (a field added
// to FilmSpecs stays hidden until named here).
func judgeSpecs(s FilmSpecs) FilmSpecs {
	return FilmSpecs{
		TrailerURL:     s.TrailerURL,
		CompletionDate: s.CompletionDate,
		AspectRatio:    s.AspectRatio,
		Sound:          s.Sound,
		ShootingFormat: s.ShootingFormat,
		Languages:      append([]string{}, s.Languages...),
		Subtitles:      append([]string{}, s.Subtitles...),
		FirstTime:      s.FirstTime,
		Student:        s.Student,
		Premiere:       s.Premiere,
		History:        append([]FilmHistoryEntry{}, s.History...),
	}
}
