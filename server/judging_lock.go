package server

import "net/http"

// judgingLockRequest is the body of PUT /manage/festivals/{slug}/judging/lock.
type judgingLockRequest struct {
	Locked bool `json:"locked"`
}

// handleJudgingLock locks or unlocks judging of a managed festival.
func (s *Server) handleJudgingLock(w http.ResponseWriter, r *http.Request) {
	var req judgingLockRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	st, err := s.svc.Judging.SetLocked(r.Context(), r.PathValue("slug"), req.Locked)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}
