package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/marquee-festival/marquee"
)

// pricedEntry is one entry of a request with its price and what it needs
// to be written.
type pricedEntry struct {
	line     marquee.QuoteLine
	category string
	waiver   *marquee.Waiver // nil when no waiver applies to its festival
}

// pricing is a request priced: the entries, the waivers they use (and how
// many uses each), the film and the filmmaker's balance.
type pricing struct {
	entries []pricedEntry
	uses    map[int64]int // waiver id -> entries using it
	waivers []*marquee.Waiver
	country string
	total   int64
	balance int64
	applied bool
	// answers are the valid answers to each festival's questions (by
	// festival id), filled by Submit.
	answers    map[int64][]marquee.Answer
	festivalID []int64
}

// quote returns the quote of p.
func (p *pricing) quote() *marquee.SubmissionQuote {
	q := &marquee.SubmissionQuote{Lines: make([]marquee.QuoteLine, len(p.entries)), Total: p.total, Balance: p.balance, WaiverApplied: p.applied}
	for i, e := range p.entries {
		q.Lines[i] = e.line
	}
	return q
}

// price prices ns (normalised and valid) for user u on day today, reading
// through c: Quote on the read pool, Submit inside its transaction. The
// film must be u's; each festival approved; each category the festival's
// and open today (EntryFee); the film not already entered in it; the
// waiver code, when given, a usable code of one of the entries'
// festivals, each entry of that festival using one use.
func (s *SubmissionService) price(ctx context.Context, c conn, u *marquee.User, ns marquee.NewSubmission, today string) (*pricing, error) {
	p := &pricing{uses: map[int64]int{}, answers: map[int64][]marquee.Answer{}}
	var owner int64
	err := c.queryRow(ctx, `SELECT owner_id, country FROM films WHERE id = ?`, ns.FilmID).Scan(&owner, &p.country)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && owner != u.ID) {
		return nil, marquee.FieldError("filmId", "Choose one of your own films")
	} else if err != nil {
		return nil, fmt.Errorf("store: price: film %d: %w", ns.FilmID, err)
	}
	entered, err := enteredCategories(ctx, c, ns.FilmID)
	if err != nil {
		return nil, err
	}
	festivals := map[int64]*marquee.Festival{}
	extensions := map[int64][]*marquee.DeadlineExtension{}
	var festivalIDs []int64
	for _, e := range ns.Entries {
		f, ok := festivals[e.FestivalID]
		if !ok {
			f, err = loadFestival(ctx, c, today, `f.id = ?`, e.FestivalID)
			if err != nil {
				return nil, err
			}
			if !marquee.CanSeeFestival(u, f) {
				return nil, marquee.ErrFestivalNotFound()
			}
			festivals[e.FestivalID] = f
			festivalIDs = append(festivalIDs, f.ID)
			if extensions[f.ID], err = festivalExtensions(ctx, c, f.ID, u.ID); err != nil {
				return nil, err
			}
		}
		i := slices.IndexFunc(f.Categories, func(c marquee.Category) bool { return c.ID == e.CategoryID })
		if i < 0 {
			return nil, marquee.FieldError("entries", "This category is not one of the festival's")
		}
		cat := &f.Categories[i]
		if entered[cat.ID] {
			return nil, marquee.ErrAlreadyEntered(cat.Name)
		}
		d, err := marquee.EntryFeeExtended(cat, today, marquee.ExtendedUntil(extensions[f.ID], cat.ID, u.ID))
		if err != nil {
			return nil, err
		}
		p.entries = append(p.entries, pricedEntry{category: cat.Name, line: marquee.QuoteLine{
			FestivalID: f.ID, FestivalName: f.Name, CategoryID: cat.ID, CategoryName: cat.Name,
			Tier: d.Tier, Deadline: d.Date, Fee: d.Fee, Price: d.Fee,
		}})
	}
	p.festivalID = festivalIDs
	if ns.WaiverCode != "" {
		if err := p.applyWaivers(ctx, c, ns.WaiverCode, festivalIDs, today); err != nil {
			return nil, err
		}
	}
	for _, e := range p.entries {
		p.total += e.line.Price
	}
	if err := c.queryRow(ctx, `SELECT credits FROM users WHERE id = ?`, u.ID).Scan(&p.balance); err != nil {
		return nil, fmt.Errorf("store: price: balance of user %d: %w", u.ID, err)
	}
	return p, nil
}

// applyWaivers finds code among the festivals' waivers and lowers the
// price of each entry of a festival that has it.
func (p *pricing) applyWaivers(ctx context.Context, c conn, code string, festivalIDs []int64, today string) error {
	rows, err := c.query(ctx, `SELECT id, festival_id, code, percent, usage_limit, used, expires_on, created_at FROM waivers
		WHERE code = ? AND festival_id IN (`+subMarks(len(festivalIDs))+`)`, append([]any{code}, subArgs(festivalIDs)...)...)
	if err != nil {
		return fmt.Errorf("store: price: waiver: %w", err)
	}
	byFestival := map[int64]*marquee.Waiver{}
	for rows.Next() {
		w, err := scanWaiver(rows)
		if err != nil {
			rows.Close()
			return fmt.Errorf("store: price: waiver: %w", err)
		}
		byFestival[w.FestivalID] = w
		p.waivers = append(p.waivers, w)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: price: waiver: %w", err)
	}
	if len(p.waivers) == 0 {
		return marquee.ErrWaiverUnknown()
	}
	for i := range p.entries {
		e := &p.entries[i]
		w := byFestival[e.line.FestivalID]
		if w == nil {
			continue
		}
		e.waiver = w
		p.uses[w.ID]++
		e.line.Discount = marquee.WaiverDiscount(e.line.Fee, w.Percent)
		e.line.Price = e.line.Fee - e.line.Discount
		if e.line.Discount > 0 {
			p.applied = true
		}
	}
	for _, w := range p.waivers {
		if err := w.Usable(today); err != nil {
			return err
		}
		if w.Used+p.uses[w.ID] > w.UsageLimit {
			return marquee.ErrWaiverUsedUp()
		}
	}
	return nil
}

// enteredCategories returns the categories film id is entered in (not withdrawn).
func enteredCategories(ctx context.Context, c conn, filmID int64) (map[int64]bool, error) {
	rows, err := c.query(ctx, `SELECT category_id FROM submissions WHERE film_id = ? AND status <> 'withdrawn'`, filmID)
	if err != nil {
		return nil, fmt.Errorf("store: price: entries of film %d: %w", filmID, err)
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: price: entries of film %d: %w", filmID, err)
		}
		out[id] = true
	}
	return out, rows.Err()
}

// prepare checks the caller and ns before pricing.
func prepareSubmission(ctx context.Context, ns *marquee.NewSubmission) (*marquee.User, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	ns.Normalize()
	if err := ns.Validate(); err != nil {
		return nil, err
	}
	if !slices.Contains(marquee.Languages, ns.Language) {
		ns.Language = marquee.Languages[0]
	}
	return u, nil
}

// Quote prices ns for the signed-in filmmaker without writing anything.
func (s *SubmissionService) Quote(ctx context.Context, ns marquee.NewSubmission) (*marquee.SubmissionQuote, error) {
	u, err := prepareSubmission(ctx, &ns)
	if err != nil {
		return nil, err
	}
	p, err := s.price(ctx, s.reader(), u, ns, s.today())
	if err != nil {
		return nil, err
	}
	return p.quote(), nil
}
