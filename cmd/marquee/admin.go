package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/marquee-festival/marquee"
)

// admin runs `marquee admin create --email EMAIL [--name NAME]`: it reads
// the password from the first line of stdin and creates an admin, or
// promotes an existing account and sets its password.
func admin(ctx context.Context, cfg config, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	fset := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fset.SetOutput(stderr)
	email := fset.String("email", "", "the admin's email address (required)")
	name := fset.String("name", "", "the admin's display name (default: the part before @)")
	if err := fset.Parse(args[1:]); err != nil {
		return err
	}
	addr := marquee.NormalizeEmail(*email)
	if !marquee.ValidEmail(addr) {
		return fmt.Errorf("admin create: --email %q is not a valid email address", *email)
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("admin create: read password: %w", err)
	}
	pw := strings.TrimRight(line, "\r\n")
	if msg := marquee.CheckPassword(pw); msg != "" {
		return fmt.Errorf("admin create: %s (send it on standard input)", msg)
	}
	db, svc, err := openServices(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	display := strings.TrimSpace(*name)
	if display == "" {
		display, _, _ = strings.Cut(addr, "@")
	}
	created, err := svc.Users.UpsertAdmin(ctx, addr, display, pw)
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintf(stdout, "created admin %s\n", addr)
	} else {
		fmt.Fprintf(stdout, "promoted %s to admin and set the password\n", addr)
	}
	return nil
}
