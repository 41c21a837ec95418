package marquee

import (
	"testing"
	"time"
)

func TestDefaultTimeZone(t *testing.T) {
	tests := []struct{ country, city, want string }{
		{"JP", "Tokyo", "Asia/Tokyo"},
		{"JP", "東京", "Asia/Tokyo"},
		{" jp ", "", "Asia/Tokyo"},
		{"FR", "Paris", "Europe/Paris"},
		{"CN", "乌鲁木齐", "Asia/Shanghai"},
		{"US", "Los Angeles", "America/Los_Angeles"},
		{"US", "  san   francisco ", "America/Los_Angeles"},
		{"US", "Park City", "America/Denver"},
		{"US", "St. Louis", "America/Chicago"},
		{"US", "Honolulu", "Pacific/Honolulu"},
		{"US", "Springfield", "America/New_York"},
		{"US", "", "America/New_York"},
		{"CA", "Montréal", "America/Toronto"},
		{"CA", "Vancouver", "America/Vancouver"},
		{"CA", "St. John's", "America/St_Johns"},
		{"AU", "Perth", "Australia/Perth"},
		{"AU", "Alice Springs", "Australia/Darwin"},
		{"BR", "São Paulo", "America/Sao_Paulo"},
		{"BR", "Manaus", "America/Manaus"},
		{"RU", "Saint-Petersburg", "Europe/Moscow"},
		{"RU", "Vladivostok", "Asia/Vladivostok"},
		{"MX", "Tijuana", "America/Tijuana"},
		{"ID", "Denpasar", "Asia/Makassar"},
		{"ES", "Las Palmas de Gran Canaria", "Atlantic/Canary"},
		{"ES", "San Sebastián", "Europe/Madrid"},
		{"PT", "Funchal", "Atlantic/Madeira"},
		{"XK", "Pristina", "Europe/Belgrade"},
		{"AQ", "", "UTC"},
		{"ZZ", "Tokyo", "UTC"},
		{"", "Tokyo", "UTC"},
		{"", "", "UTC"},
	}
	for _, tt := range tests {
		if got := DefaultTimeZone(tt.country, tt.city); got != tt.want {
			t.Errorf("DefaultTimeZone(%q, %q) = %q, want %q", tt.country, tt.city, got, tt.want)
		}
	}
}

func TestFestivalTimeZone(t *testing.T) {
	if got := FestivalTimeZone("", "JP", "Kyoto"); got != "Asia/Tokyo" {
		t.Errorf("not chosen: %q", got)
	}
	// A choice stands, UTC included, wherever the festival is.
	if got := FestivalTimeZone("UTC", "JP", "Kyoto"); got != "UTC" {
		t.Errorf("chosen UTC: %q", got)
	}
	if got := FestivalTimeZone("Europe/Paris", "JP", "Kyoto"); got != "Europe/Paris" {
		t.Errorf("chosen Paris: %q", got)
	}
}

// TestDefaultTimeZoneTables fails when a zone of the tables does not load
// (a misspelling, or a name the embedded tz database lacks), a country
// code is not one of Countries, or a country that has a zone lacks one.
func TestDefaultTimeZoneTables(t *testing.T) {
	zoneless := map[string]bool{"AQ": true, "BV": true, "HM": true}
	for _, c := range Countries() {
		if _, ok := countryZones[c]; ok == zoneless[c] {
			t.Errorf("country %s: has a zone %v, want %v", c, ok, !zoneless[c])
		}
	}
	check := func(where, zone string) {
		if _, err := time.LoadLocation(zone); err != nil {
			t.Errorf("%s: %v", where, err)
		}
	}
	for c, z := range countryZones {
		if !ValidCountry(c) {
			t.Errorf("countryZones has %q, not a country code", c)
		}
		check(c, z)
	}
	for c, cities := range cityZones {
		if _, ok := countryZones[c]; !ok {
			t.Errorf("cityZones has %q, which has no country zone", c)
		}
		if len(cities) == 0 {
			t.Errorf("cityZones[%s] is empty", c)
		}
		for city, z := range cities {
			if city == "" || city != cityKey(city) {
				t.Errorf("cityZones[%s] key %q is not folded", c, city)
			}
			check(c+" "+city, z)
		}
	}
}
