package store

// judgeSeesSubmission is the one SQL rule of which submissions a judge may
// see and score, for a judge row aliased j and a submission aliased s: an
// active judge of the submission's festival, the submission not withdrawn,
// not the judge's own film, no conflict declared, and assigned by scope
// (all, or the submission's category) or specifically. Every query that
// shows a judge a submission, a film or its screener uses it.
const judgeSeesSubmission = `j.festival_id = s.festival_id AND j.status = 'active'
	AND s.status <> 'withdrawn' AND s.filmmaker_id <> j.user_id
	AND NOT EXISTS (SELECT 1 FROM judge_conflicts jc WHERE jc.judge_id = j.id AND jc.submission_id = s.id)
	AND (j.scope = 'all'
		OR (j.scope = 'category' AND EXISTS (SELECT 1 FROM judge_categories jcat WHERE jcat.judge_id = j.id AND jcat.category_id = s.category_id))
		OR EXISTS (SELECT 1 FROM judge_assignments ja WHERE ja.judge_id = j.id AND ja.submission_id = s.id))`

// judgeAssigned is judgeSeesSubmission without the conflict test: the
// submissions in a judge's queue, where a declared conflict shows as such.
const judgeAssigned = `j.festival_id = s.festival_id AND j.status = 'active'
	AND s.status <> 'withdrawn' AND s.filmmaker_id <> j.user_id
	AND (j.scope = 'all'
		OR (j.scope = 'category' AND EXISTS (SELECT 1 FROM judge_categories jcat WHERE jcat.judge_id = j.id AND jcat.category_id = s.category_id))
		OR EXISTS (SELECT 1 FROM judge_assignments ja WHERE ja.judge_id = j.id AND ja.submission_id = s.id))`
