package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminPackageUpdate changes a package (new purchases only):
// {priceCents, credits, active, position, texts} → {package}.
func (s *Server) handleAdminPackageUpdate(w http.ResponseWriter, r *http.Request) {
	var req marquee.PackageUpdate
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.svc.PackageAdmin.UpdatePackage(r.Context(), r.PathValue("id"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("package updated", "package_id", p.ID, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"package": p})
}
