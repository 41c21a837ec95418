-- +goose Up
CREATE TABLE packages (
    id          TEXT PRIMARY KEY,
    position    INTEGER NOT NULL,
    price_cents BIGINT NOT NULL CHECK (price_cents > 0),
    credits     BIGINT NOT NULL CHECK (credits > 0),
    active      INTEGER NOT NULL DEFAULT 1,
    updated_at  TIMESTAMPTZ NOT NULL
);
-- One row per package and language; features is a JSON array of strings.
CREATE TABLE package_texts (
    package_id  TEXT NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
    lang        TEXT NOT NULL,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    features    TEXT NOT NULL,
    PRIMARY KEY (package_id, lang)
);

-- The seed client's three packages (Enterprise is sold as VIP: 250 credits).
INSERT INTO packages (id, position, price_cents, credits, active, updated_at) VALUES ('basic', 1, 2500, 50, 1, '2026-11-21 00:00:00+00:00');
INSERT INTO packages (id, position, price_cents, credits, active, updated_at) VALUES ('pro', 2, 5000, 100, 1, '2026-11-21 00:00:00+00:00');
INSERT INTO packages (id, position, price_cents, credits, active, updated_at) VALUES ('enterprise', 3, 10000, 250, 1, '2026-11-21 00:00:00+00:00');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('basic', 'en', 'Basic', 'Essential features for individuals', '["Standard film submissions", "Basic festival access"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('basic', 'ja', 'ベーシック', '個人のための基本機能', '["スタンダード作品応募", "映画祭への基本アクセス"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('basic', 'zh', '基础版', '面向个人的基础功能', '["标准影片投递", "基础影展访问权限"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('pro', 'en', 'Pro', 'Advanced features for professionals', '["Premium film submissions", "Extended festival access", "Networking events"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('pro', 'ja', 'プロ', 'プロフェッショナルのための充実した機能', '["プレミアム作品応募", "映画祭への拡張アクセス", "ネットワーキングイベント"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('pro', 'zh', '专业版', '面向专业人士的进阶功能', '["高级影片投递", "扩展影展访问权限", "行业交流活动"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('enterprise', 'en', 'VIP', 'Premium features for businesses', '["All-access festival pass", "VIP networking events", "Exclusive screenings", "Meet the filmmakers"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('enterprise', 'ja', 'VIP', '法人のためのプレミアム機能', '["映画祭オールアクセスパス", "VIP ネットワーキングイベント", "特別上映会", "映画制作者との交流会"]');
INSERT INTO package_texts (package_id, lang, name, description, features) VALUES ('enterprise', 'zh', 'VIP', '面向企业的尊享功能', '["影展全通行证", "VIP 交流活动", "独家放映", "与电影人面对面"]');

-- +goose Down
DROP TABLE package_texts;
DROP TABLE packages;
