package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

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
	r, err := s.withSessionUser(r)
	if err == nil {
		var f *marquee.Festival
		if f, err = s.createFestival(w, r, s.decodeSeedJSON); err == nil {
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
