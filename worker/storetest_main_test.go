package worker_test

import (
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// TestMain runs the tests through storetest, which drops the test
// databases they made when they end.
func TestMain(m *testing.M) { storetest.Main(m) }
