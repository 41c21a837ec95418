package marquee_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
)

// TestRecordsScopes: "my records" are the caller's for an admin too; only
// an admin reads anyone's, and only through AdminRecords.
func TestRecordsScopes(t *testing.T) {
	visitor := context.Background()
	user := marquee.NewContextWithUser(visitor, &marquee.User{ID: 7, Role: marquee.RoleFilmmaker})
	admin := marquee.NewContextWithUser(visitor, &marquee.User{ID: 1, Role: marquee.RoleAdmin})

	for _, tc := range []struct {
		name string
		ctx  context.Context
		want int64
		code string
	}{
		{"visitor", visitor, 0, marquee.EUnauthorized},
		{"user", user, 7, ""},
		{"admin", admin, 1, ""},
	} {
		s, err := marquee.OwnRecords(tc.ctx)
		if marquee.ErrorCode(err) != tc.code || s.UserID != tc.want {
			t.Errorf("OwnRecords(%s) = %+v, %v", tc.name, s, err)
		}
		if err == nil && (s.Includes(99) || !s.Includes(tc.want)) {
			t.Errorf("OwnRecords(%s) covers another account's records", tc.name)
		}
	}
	for _, tc := range []struct {
		name string
		ctx  context.Context
		user int64
		want int64
		code string
	}{
		{"visitor", visitor, 7, 0, marquee.EUnauthorized},
		{"user", user, 7, 0, marquee.EForbidden},
		{"admin, one user's", admin, 7, 7, ""},
		{"admin, everyone's", admin, 0, 0, ""},
		{"admin, a negative id (no one)", admin, -3, -3, ""},
	} {
		s, err := marquee.AdminRecords(tc.ctx, tc.user)
		if marquee.ErrorCode(err) != tc.code || s.UserID != tc.want {
			t.Errorf("AdminRecords(%s) = %+v, %v", tc.name, s, err)
		}
	}
	if all := (marquee.RecordsScope{}); !all.Includes(99) {
		t.Error("everyone's scope does not cover an account")
	}
}
