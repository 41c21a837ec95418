package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
)

// earningsFromEnv reads festivals' earnings settings into c: the
// platform's commission (MARQUEE_COMMISSION_PERCENT, 8.5 by default) and
// the credits' published value (MARQUEE_CREDIT_VALUE_CENTS, by default
// the lowest price per credit of the packages), and returns what is wrong
// with them. The commission is a deployment setting rather than an admin
// setting in the database: it is the operator's contract with every
// festival, changed rarely and deliberately; the exceptions an admin
// makes per festival are in the database, audited.
func earningsFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	c.Earnings = marquee.EarningsSettings{CommissionBasisPoints: marquee.DefaultCommissionBasisPoints}
	if v := strings.TrimSpace(getenv("MARQUEE_COMMISSION_PERCENT")); v != "" {
		bp, err := marquee.ParseCommissionPercent(v)
		if err != nil {
			errs = append(errs, fmt.Sprintf("MARQUEE_COMMISSION_PERCENT=%q: want a percentage from 0 to 100 with at most two decimals, such as 8.5", v))
		} else {
			c.Earnings.CommissionBasisPoints = bp
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_CREDIT_VALUE_CENTS")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			errs = append(errs, fmt.Sprintf("MARQUEE_CREDIT_VALUE_CENTS=%q: want a positive whole number of cents", v))
		} else {
			c.Earnings.CreditValueCents = n
		}
	}
	return errs
}

// earningsSettingValue is check-config's line of the credits' value.
func earningsSettingValue(c config) string {
	if c.Earnings.CreditValueCents == 0 {
		return "(the lowest price per credit of the active packages)"
	}
	return strconv.FormatInt(c.Earnings.CreditValueCents, 10)
}
