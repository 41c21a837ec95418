package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Laurel draws the laurel of submission id for the owner of its film
// (anyone else: ENotFound, as a missing one): the festival's name, the
// year its dates start in, and what the film received
// (marquee.LaurelFor), in format.
func (s *SubmissionService) Laurel(ctx context.Context, id int64, format string) (*marquee.LaurelImage, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	notFound := marquee.Errorf(marquee.ENotFound, "Submission not found")
	if format != marquee.LaurelSVG && format != marquee.LaurelPNG {
		return nil, notFound
	}
	var sub marquee.Submission
	var status, start string
	err = s.reader().queryRow(ctx, `SELECT s.id, fe.name, s.status, s.award_name, s.created_at, fe.start_date
		FROM submissions s JOIN films f ON f.id = s.film_id JOIN festivals fe ON fe.id = s.festival_id
		WHERE s.id = ? AND f.owner_id = ?`, id, u.ID).Scan(&sub.ID, &sub.FestivalName, &status, &sub.AwardName, &sub.CreatedAt, &start)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound
	} else if err != nil {
		return nil, fmt.Errorf("store: laurel of submission %d: %w", id, err)
	}
	sub.Status = marquee.SubmissionStatus(status)
	l, err := marquee.LaurelFor(&sub, start)
	if err != nil {
		return nil, err
	}
	if format == marquee.LaurelSVG {
		data := marquee.LaurelSVGText(l)
		if s.laurels != nil {
			data = s.laurels.SVG(l)
		}
		return &marquee.LaurelImage{ContentType: "image/svg+xml", FileName: marquee.LaurelFileName(l, "svg"), Data: data}, nil
	}
	if s.laurels == nil {
		return nil, fmt.Errorf("store: laurel of submission %d: no laurel renderer configured", id)
	}
	data, err := s.laurels.PNG(l)
	if err != nil {
		return nil, fmt.Errorf("store: laurel of submission %d: %w", id, err)
	}
	return &marquee.LaurelImage{ContentType: "image/png", FileName: marquee.LaurelFileName(l, "png"), Data: data}, nil
}
