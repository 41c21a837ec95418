package marquee

import (
	"encoding/json"
	"time"
)

// ActivityActor says who wrote an entry of a festival's activity, as its
// organiser reads it: never an address, an IP or another account's id.
type ActivityActor string

// The actors of a festival's activity.
const (
	ActivityOrganiser ActivityActor = "organiser" // the festival's organiser
	ActivityJudge     ActivityActor = "judge"     // one of its judges (AuditEntry.After names the judge's id)
	ActivityAdmin     ActivityActor = "admin"     // Marquee's team
	ActivityNone      ActivityActor = "none"      // no account: deleted since, or the operator's commands
)

// FestivalActivity is one audit entry of a festival as its organiser reads
// it (GET /api/v1/manage/festivals/{slug}/activity): what was done to
// which target, before and after, when and by which kind of actor.
type FestivalActivity struct {
	ID         int64           `json:"id"`
	Actor      ActivityActor   `json:"actor"`
	Action     AuditAction     `json:"action"`
	TargetType string          `json:"targetType"`
	TargetID   string          `json:"targetId"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
	CreatedAt  time.Time       `json:"createdAt"`
}

// FestivalActivityPerPage is the page size of a festival's activity.
const FestivalActivityPerPage = 50

// ByJudge reports whether a is an action a festival's judge takes (rather
// than its organiser or an admin).
func (a AuditAction) ByJudge() bool { return a == AuditJudgeConflict }

// NewFestivalActivity returns entry e of the festival organised by
// organiserID as that festival's activity: the actor is named by its
// part (ActivityActorOf); the address, IP and actor's id are left out.
func NewFestivalActivity(e *AuditEntry, organiserID int64) *FestivalActivity {
	return &FestivalActivity{ID: e.ID, Actor: ActivityActorOf(e.ActorID, organiserID, e.Action), Action: e.Action,
		TargetType: e.TargetType, TargetID: e.TargetID, Before: e.Before, After: e.After, CreatedAt: e.CreatedAt}
}

// ActivityActorOf names the actor of an entry of a festival organised by
// organiserID: only its organiser, its judges and admins can write one
// (CanManageFestival, the judges' own actions); an entry whose actor's
// account was deleted since (or the operator's) has none.
func ActivityActorOf(actorID *int64, organiserID int64, action AuditAction) ActivityActor {
	switch {
	case actorID == nil:
		return ActivityNone
	case *actorID == organiserID:
		return ActivityOrganiser
	case action.ByJudge():
		return ActivityJudge
	default:
		return ActivityAdmin
	}
}
