package search

import "context"

// Stats returns how many festivals the index holds (the approved ones)
// and in how many countries they are held (festivals without a country
// not counted), after bringing the index up to l's version.
func (ix *FestivalIndex) Stats(ctx context.Context, l FestivalLoader) (festivals, countries int64, err error) {
	if err := ix.sync(ctx, l); err != nil {
		return 0, 0, err
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	for _, h := range ix.hot {
		if h.live {
			festivals++
		}
	}
	for code, slots := range ix.byCountry {
		if code == 0 {
			continue
		}
		for _, s := range slots {
			if ix.hot[s].live && ix.hot[s].country == code {
				countries++
				break
			}
		}
	}
	return festivals, countries, nil
}
