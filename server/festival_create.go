package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// festivalFieldOrder is the order of the registration form's fields; an
// error's message names the first failing one.
var festivalFieldOrder = []string{"name", "description", "location", "country", "city", "website", "startDate", "endDate", "contactEmail"}

// validateNewFestival validates (and normalises) the details of a festival
// being registered: FestivalDetails.Validate, plus a start date that is not
// before today.
func (s *Server) validateNewFestival(d *marquee.FestivalDetails) error {
	f := marquee.FieldErrors{}
	if err := d.Validate(); err != nil {
		fields := marquee.ErrorFields(err)
		if fields == nil {
			return err
		}
		for k, m := range fields {
			f.Add(k, m)
		}
	}
	if _, ok := marquee.ParseDate(d.StartDate); ok && d.StartDate < marquee.Today(s.db.Now()) {
		f.Add("startDate", "Start date cannot be in the past")
	}
	return f.Err(marquee.FirstFieldMessage(f, festivalFieldOrder...))
}

// createFestival reads, validates and stores a festival registered by the
// signed-in user u, who becomes its organiser.
func (s *Server) createFestival(w http.ResponseWriter, r *http.Request, u *marquee.User) (*marquee.Festival, error) {
	var d marquee.FestivalDetails
	if err := s.decodeJSON(w, r, &d); err != nil {
		return nil, err
	}
	if err := s.validateNewFestival(&d); err != nil {
		return nil, err
	}
	f, err := s.db.CreateFestival(r.Context(), u.ID, d)
	if err != nil {
		return nil, err
	}
	requestLogger(r, s.log).Info("festival registered", "festival_id", f.ID, "user_id", u.ID)
	return f, nil
}

// handleFestivalCreate is POST /api/v1/festivals: it registers a pending
// festival and answers 201 {festival}.
func (s *Server) handleFestivalCreate(w http.ResponseWriter, r *http.Request) {
	f, err := s.createFestival(w, r, currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"festival": newFullFestival(f)})
}

// festivalSubmitted is the seed's success text (translated through the
// locale catalogues like the error messages).
const festivalSubmitted = "Festival submitted successfully!"

// compatFestivalError is the seed client's failure shape: it reads
// success and error; message, code and fields match the other API errors.
type compatFestivalError struct {
	Success bool              `json:"success"`
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// handleCompatFestivalCreate is the seed's POST /api/v1/festival/create.
// It answers 201 {success: true, message, festival}, or the error's status
// with {success: false, error, message, code, fields}, a visitor included (401).
func (s *Server) handleCompatFestivalCreate(w http.ResponseWriter, r *http.Request) {
	u, err := s.sessionUser(r)
	if err == nil {
		var f *marquee.Festival
		if f, err = s.createFestival(w, r, u); err == nil {
			writeJSON(w, http.StatusCreated, map[string]any{
				"success":  true,
				"message":  locale.Text(requestLanguage(r), festivalSubmitted),
				"festival": newFullFestival(f),
			})
			return
		}
	}
	status := s.errorStatus(r, err)
	message, fields := translateError(r, err)
	writeJSON(w, status, compatFestivalError{Success: false, Error: message, Message: message, Code: marquee.ErrorCode(err), Fields: fields})
}
