package dialect_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/reference"
)

// TestEveryNoEquivalentCitesItsClause reads the source of every dialect
// and checks each reason a *dialect.NoEquivalentError is built with:
// written out, or as the format of fmt.Sprintf, or handed to a helper
// that builds one from its format (found here, not listed by hand), it
// must end by citing its clause (reference.CitedClause), so that an error
// document never has an empty "clause". A reason this test cannot read
// as a literal is an error too: every path that builds the error is
// checked, including those no test reaches.
func TestEveryNoEquivalentCitesItsClause(t *testing.T) {
	files, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	// helpers: per package directory, a function or closure name and the
	// index of its format parameter.
	type helper struct {
		dir, name string
	}
	helpers := map[helper]int{}
	parsed := map[string]*ast.File{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed[name] = f
	}
	checked := 0
	checkLit := func(pos token.Pos, lit *ast.BasicLit) {
		text, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Errorf("%s: %v", fset.Position(pos), err)
			return
		}
		checked++
		if _, clause := reference.CitedClause(text); clause == "" {
			t.Errorf("%s: the reason %q cites no clause at its end", fset.Position(pos), text)
		}
	}
	// params maps the parameter names of the function around a node to
	// their index.
	paramIndex := func(ft *ast.FuncType, name string) int {
		i := 0
		for _, field := range ft.Params.List {
			for _, n := range field.Names {
				if n.Name == name {
					return i
				}
				i++
			}
		}
		return -1
	}
	// First pass: every literal NoEquivalentError, and the helpers that
	// build one from a format parameter.
	for name, f := range parsed {
		dir := filepath.Dir(name)
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			stack = append(stack, n)
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isNoEquivalent(lit.Type) {
				return true
			}
			var reason ast.Expr
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok && kv.Key.(*ast.Ident).Name == "Reason" {
					reason = kv.Value
				}
			}
			if reason == nil {
				t.Errorf("%s: a NoEquivalentError without a reason", fset.Position(lit.Pos()))
				return true
			}
			if call, ok := reason.(*ast.CallExpr); ok && isSprintf(call.Fun) && len(call.Args) > 0 {
				reason = call.Args[0]
			}
			switch r := reason.(type) {
			case *ast.BasicLit:
				checkLit(r.Pos(), r)
			case *ast.Ident:
				// The format of the function around: a helper.
				fn, fname := enclosing(stack)
				if fn == nil || paramIndex(fn, r.Name) < 0 {
					t.Errorf("%s: the reason %s is no literal and no parameter", fset.Position(r.Pos()), r.Name)
					return true
				}
				helpers[helper{dir, fname}] = paramIndex(fn, r.Name)
			default:
				t.Errorf("%s: a reason this test cannot read", fset.Position(reason.Pos()))
			}
			return true
		})
	}
	if len(helpers) == 0 {
		t.Fatal("no helper found that builds a NoEquivalentError: the test reads nothing")
	}
	// Second pass: every call of a helper, in its package.
	calls := map[helper]int{}
	for name, f := range parsed {
		dir := filepath.Dir(name)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var fname string
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				fname = fn.Name
			case *ast.SelectorExpr:
				fname = fn.Sel.Name
			}
			i, ok := helpers[helper{dir, fname}]
			if !ok || len(call.Args) <= i {
				return true
			}
			calls[helper{dir, fname}]++
			if lit, ok := call.Args[i].(*ast.BasicLit); ok {
				checkLit(lit.Pos(), lit)
			} else {
				t.Errorf("%s: %s is given a reason that is not a literal", fset.Position(call.Pos()), fname)
			}
			return true
		})
	}
	for h := range helpers {
		if calls[h] == 0 {
			t.Errorf("%s: the helper %s is never called: is it found under another name?", h.dir, h.name)
		}
	}
	t.Logf("%d reasons checked, through %d helpers", checked, len(helpers))
}

func isNoEquivalent(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == "NoEquivalentError"
	case *ast.Ident:
		return x.Name == "NoEquivalentError"
	}
	return false
}

func isSprintf(e ast.Expr) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && s.Sel.Name == "Sprintf"
}

// enclosing returns the innermost function around the last node of stack
// and the name it is called by: a declared function's name, or the
// variable a function literal is assigned to.
func enclosing(stack []ast.Node) (*ast.FuncType, string) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch fn := stack[i].(type) {
		case *ast.FuncDecl:
			return fn.Type, fn.Name.Name
		case *ast.FuncLit:
			if i > 0 {
				if as, ok := stack[i-1].(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
					if id, ok := as.Lhs[0].(*ast.Ident); ok {
						return fn.Type, id.Name
					}
				}
			}
			return fn.Type, ""
		}
	}
	return nil, ""
}
