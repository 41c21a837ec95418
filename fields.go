package marquee

// FieldErrors collects validation messages per field, remembering the
// order in which fields failed: the error it makes names the first
// problem in its message, so a client that shows only `message` still
// says what is wrong. The zero value is ready to use.
type FieldErrors struct {
	msgs  map[string]string
	order []string
}

// Add records msg for field unless the field already has one.
func (f *FieldErrors) Add(field, msg string) {
	if _, ok := f.msgs[field]; ok {
		return
	}
	if f.msgs == nil {
		f.msgs = map[string]string{}
	}
	f.msgs[field] = msg
	f.order = append(f.order, field)
}

// Has reports whether field has failed.
func (f *FieldErrors) Has(field string) bool {
	_, ok := f.msgs[field]
	return ok
}

// Empty reports whether no field has failed.
func (f *FieldErrors) Empty() bool { return len(f.order) == 0 }

// Merge adds every field of err (an EInvalid *Error) in the order given by
// order, then any others; any other non-nil error is returned as is.
func (f *FieldErrors) Merge(err error, order ...string) error {
	if err == nil {
		return nil
	}
	fields := ErrorFields(err)
	if fields == nil {
		return err
	}
	for _, k := range order {
		if m, ok := fields[k]; ok {
			f.Add(k, m)
		}
	}
	for k, m := range fields {
		f.Add(k, m)
	}
	return nil
}

// Err returns nil when no field failed, else an EInvalid error carrying
// the fields, whose message is the first failing field's.
func (f *FieldErrors) Err() error {
	if f.Empty() {
		return nil
	}
	return f.ErrMessage(f.msgs[f.order[0]])
}

// ErrMessage is Err with a message of the caller's choosing.
func (f *FieldErrors) ErrMessage(message string) error {
	if f.Empty() {
		return nil
	}
	fields := make(map[string]string, len(f.msgs))
	for k, v := range f.msgs {
		fields[k] = v
	}
	return &Error{Code: EInvalid, Message: message, Fields: fields}
}

// FieldError returns an EInvalid error for one field whose message is also
// the error's.
func FieldError(field, msg string) error {
	var f FieldErrors
	f.Add(field, msg)
	return f.Err()
}
