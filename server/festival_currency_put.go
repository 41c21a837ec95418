package server

import "net/http"

// currencyRequest is the body of PUT .../currency (and its answer): the
// ISO 4217 code of a ticket currency (marquee.TicketCurrencies).
type currencyRequest struct {
	Currency string `json:"currency"`
}

// handleFestivalCurrencyPut sets the currency a managed festival sells its
// tickets in: body {currency}, 200 {currency}; 400 for a currency not
// offered or once tickets have been sold.
func (s *Server) handleFestivalCurrencyPut(w http.ResponseWriter, r *http.Request) {
	var body currencyRequest
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	cur, err := s.svc.Tickets.SetCurrency(r.Context(), r.PathValue("slug"), body.Currency)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, currencyRequest{Currency: cur})
}
