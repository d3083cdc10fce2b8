#!/usr/bin/env python3
"""A betzacheck adapter: spec/protocol.md (protocol 2) around a small move
generator for the classic single-leg subset of Betza notation.

It is a template: copy it, keep the protocol part, and replace the call to
`generate` in `answer_moves` by a call into your own program. It is also an
independent implementation of the subset, written from spec/classic.md
(profile xboard) and spec/betza2.md §1, §2, §3.1 and §3.2.

Standard library only; Python 3.9 or later. Run it as
    python3 adapter.py [--bugs LIST]
and talk to it with one JSON object per line on stdin and stdout.

--bugs LIST (names separated by commas, or "all") plants reading mistakes
in the generator, so that a run of the judge shows what a buggy program
looks like (README.md, "Planted bugs"). Without it the adapter is clean.
"""

import json
import re
import sys

# ---------------------------------------------------------------- handshake

# What the hello reply declares (spec/protocol.md P2 and protocol 2's
# capability fields). README.md says why each value is what it is.
HELLO = {
    "name": "template-python",
    "version": "1.0.0",
    "protocol": 2,
    "dialects": ["betza-classic"],  # classic Betza, default profile xboard
    "level": "destinations",  # outcomes carry "to" and "capture" only
    "maxBoard": "26x26",
    "occupied": False,  # only the mover on an empty board is asked about
    "colours": True,  # the mover may be black: its frame is turned (§2.1)
    "unmoved": True,  # a "*" after a piece letter is read and skipped
    "validates": False,  # it never answers "syntax"
    "characters": "WFDNAHCZGKQRBfbrlvsmc0123456789",
}


# The reading mistakes --bugs can plant, in the order they are named; each is
# one `if "name" in bugs` in the generator below, and a row of README.md.
BUGS = {
    "j-as-ad": "J is read as the compound of A and D, not as C (§C5.2)",
    "range-jumps": "a range of 2 or more on W, F or K jumps over pieces (§B5.1, §1.2)",
    "leap-blocked": "a ride of D, A, H or G is blocked by the squares it leaps over (§1.1, §1.2)",
    "nrider-passes": "a ride of N, C or Z passes pieces on its landing squares (§1.2, §C2.2)",
    "fixed-order": "direction letters are sorted into the order f b r l v s (§2.6)",
}


def read_bugs(argv):
    """The bugs the command line asks for (--bugs LIST), in the order of
    BUGS; a ValueError for an unknown argument or bug name."""
    bugs, i = set(), 0
    while i < len(argv):
        if argv[i] != "--bugs" or i + 1 == len(argv):
            raise ValueError(f"unknown argument {argv[i]!r} (usage: adapter.py [--bugs LIST])")
        for name in filter(None, argv[i + 1].split(",")):
            if name == "all":
                bugs |= set(BUGS)
            elif name in BUGS:
                bugs.add(name)
            else:
                raise ValueError(f"unknown bug {name!r} in --bugs; the bugs are "
                                 f"{', '.join(BUGS)} and all")
        i += 2
    return tuple(name for name in BUGS if name in bugs)


def hello(bugs):
    """The hello reply's fields with bugs planted: other pieces on the board
    (bugs about blocking need them), the bugs in the name, J read by j-as-ad."""
    if not bugs:
        return HELLO
    reply = {**HELLO, "name": "+".join((HELLO["name"],) + bugs), "occupied": True}
    if "j-as-ad" in bugs:
        reply["characters"] = "J" + HELLO["characters"]
    return reply


class Unsupported(Exception):
    """A legal request this adapter cannot answer (error kind "unsupported")."""


def main():
    try:
        bugs = read_bugs(sys.argv[1:])
    except ValueError as err:
        print(f"adapter.py: {err}", file=sys.stderr)
        sys.exit(2)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as err:
            reply = error_reply(None, "internal", f"request is not JSON: {err}")
        else:
            reply = handle(request, bugs)
        if reply is None:  # bye: no reply, exit 0 (P5)
            return
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()  # a reply left in a buffer is a timeout (P8)
    # End of stdin means the same as bye.


def handle(request, bugs=()):
    """Returns the reply to one request, or None for bye; bugs are the
    planted bugs' names (BUGS)."""
    rid = request.get("id") if isinstance(request, dict) else None
    op = request.get("op") if isinstance(request, dict) else None
    if op == "bye":
        return None
    if op == "hello":
        return {"id": rid, **hello(bugs)}
    if op != "moves":
        # P4: an op the implementation does not know is "unsupported".
        return error_reply(rid, "unsupported", f"unknown op {op!r}")
    try:
        return {"id": rid, "outcomes": answer_moves(request, bugs)}
    except Unsupported as err:
        return error_reply(rid, "unsupported", str(err))
    except Exception as err:  # a malformed request, or a bug of this adapter
        return error_reply(rid, "internal", f"{type(err).__name__}: {err}")


def error_reply(rid, kind, message):
    return {"id": rid, "error": {"kind": kind, "message": message}}


# ------------------------------------------------------------ the request

def answer_moves(request, bugs=()):
    """Reads board, position and from (P3.1), asks the generator, and returns
    the outcomes {"to", "capture"} (P3.3, level destinations)."""
    if request["dialect"] != "betza-classic":
        raise Unsupported(f"dialect {request['dialect']} is not implemented")
    width, height = (int(n) for n in request["board"].split("x"))
    board = parse_position(request["position"], width, height)
    start = parse_square(request["from"])
    if start not in board:
        raise ValueError(f"no piece on {request['from']}, the mover's square")
    # ---- replace this call to wrap your own program ----
    moves = generate(request["notation"], board, width, height, start, bugs)
    # ----------------------------------------------------
    return [{"to": square_name(to), "capture": capture}
            for to, capture in sorted(moves)]


def parse_position(text, width, height):
    """Placement text → {(file, rank): letter}, files and ranks from 0."""
    board = {}
    rows = text.split("/")
    if len(rows) != height:
        raise ValueError(f"position has {len(rows)} ranks, board has {height}")
    for row_index, row in enumerate(rows):
        rank, file = height - 1 - row_index, 0
        for token in re.findall(r"\d+|[A-Za-z]\*?|.", row):
            if token.isdigit():  # a run of empty squares
                file += int(token)
            elif token[0].isalpha():  # a piece, "*" if it has not moved
                board[(file, rank)] = token[0]
                file += 1
            else:
                raise ValueError(f"unexpected {token!r} in position")
        if file != width:
            raise ValueError(f"rank {rank + 1} has {file} files, board has {width}")
    return board


def parse_square(name):
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def square_name(square):
    return chr(ord("a") + square[0]) + str(square[1] + 1)


# -------------------------------------------------------------- generator

# §1.1: each leaper is one leap (p, q) and all its images under the eight
# symmetries of the board.
LEAPS = {"W": (0, 1), "F": (1, 1), "D": (0, 2), "N": (1, 2), "A": (2, 2),
         "H": (0, 3), "C": (1, 3), "Z": (2, 3), "G": (3, 3)}
# §1.2, §1.3: R, B and Q ride W, F and K; K is W and F together.
SHORTCUTS = {"R": "W", "B": "F", "K": "WF", "Q": "WF"}
RIDERS = "RBQ"
COMPOUNDS = "KQ"  # the atoms read in the compound table (§2.5, §C5.4 xboard)
DIRECTIONS = "fbrlvs"
MODES = "mc"
# §2.6: two adjacent direction letters that form one name (the pairs with
# h, fh bh lh rh, are outside the subset).
PAIRS = {"fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "fs", "bs", "lv", "rv"}
# What each letter outside the subset is, for the "unsupported" message.
FEATURES = {"p": "p (hopper)", "g": "g (grasshopper)", "n": "n (lame leaper)",
            "i": "i (initial move)", "j": "j (jump)", "e": "e (en passant)",
            "h": "h (half-plane or chiral directions)", "J": "J", "L": "L",
            "d": "d (destroy a friend)"}


def generate(notation, board, width, height, start, bugs=()):
    """The set of (square, capture) a classic description gives the mover on
    start: the union of its moves (§C1.1). bugs: the planted bugs (BUGS)."""
    white = board[start].isupper()
    forward, right = ((0, 1), (1, 0)) if white else ((0, -1), (-1, 0))  # §2.1
    results = set()
    for directions, modes, atom, limit in parse(notation, bugs):
        is_ride = limit != 1  # no limit, or 2 leaps and more
        # Bug range-jumps: a range of 2 or more on W, F or K jumps over pieces.
        jumps = "range-jumps" in bugs and atom in "WFK" and limit is not None and limit >= 2
        # Bug nrider-passes: a ride of N, C or Z passes pieces.
        jumps = jumps or ("nrider-passes" in bugs and atom in "NCZ" and is_ride)
        # Bug leap-blocked: a ride of D, A, H or G is blocked by the squares
        # it leaps over.
        blocked = "leap-blocked" in bugs and atom in "DAHG" and is_ride
        names = direction_names(directions)
        for step in steps(atom):
            phi = step[0] * forward[0] + step[1] * forward[1]
            rho = step[0] * right[0] + step[1] * right[1]
            if names and not any(includes(n, phi, rho, atom in COMPOUNDS) for n in names):
                continue
            results |= ride(board, width, height, start, step, limit, modes, white,
                            jumps, blocked)
    return results


def parse(notation, bugs=()):
    """Reads a description into moves (directions, modes, atom, limit), limit
    None for no limit. It does not validate: text it cannot read as a
    description is unsupported, never a syntax error."""
    for char in notation:
        if char not in hello(bugs)["characters"]:
            raise Unsupported(f"{FEATURES.get(char, repr(char))} is not implemented")
    moves, i = [], 0
    while i < len(notation):
        run = ""
        while i < len(notation) and notation[i] in DIRECTIONS + MODES:
            run, i = run + notation[i], i + 1
        if i == len(notation) or not notation[i].isupper():
            raise Unsupported(f"cannot read {notation!r} at offset {i}")
        atom, i = notation[i], i + 1
        limit = None if atom in RIDERS else 1
        if i < len(notation) and notation[i] == atom:  # §C2.2: doubled = rider
            limit, i = None, i + 1
        digits = ""
        while i < len(notation) and notation[i].isdigit():
            digits, i = digits + notation[i], i + 1
        if digits:  # §C2.3, §B5.1: at most that many leaps; xboard: 0 = no limit
            limit = int(digits) or None
        directions = "".join(c for c in run if c in DIRECTIONS)
        if "fixed-order" in bugs:  # Bug fixed-order: f b r l v s, whatever the order written.
            directions = "".join(sorted(directions, key=DIRECTIONS.index))
        modes = {c for c in run if c in MODES} or set(MODES)  # §C3.2
        if atom == "J" and "j-as-ad" in bugs:  # Bug j-as-ad: J is A and D.
            moves += [(directions, modes, "A", limit), (directions, modes, "D", limit)]
            continue
        moves.append((directions, modes, atom, limit))
    return moves


def direction_names(letters):
    """§2.6, §C5.5: read left to right, a letter written twice is that letter
    once (xboard reads ffrrN as fN and rN), a listed pair is one name, else
    one letter."""
    names, i = [], 0
    while i < len(letters):
        if letters[i + 1:i + 2] == letters[i]:
            names.append(letters[i])
            i += 2
            continue
        size = 2 if letters[i:i + 2] in PAIRS else 1
        names.append(letters[i:i + size])
        i += size
    return names


def steps(atom):
    """Every displacement of one step of the atom (§1.1)."""
    result = set()
    for p, q in (LEAPS[letter] for letter in SHORTCUTS.get(atom, atom)):
        for a, b in ((p, q), (q, p)):
            result |= {(a, b), (-a, b), (a, -b), (-a, -b)}
    return result


def letters(name_letter):
    """The single letters a direction letter stands for: v = f b, s = l r."""
    return {"v": "fb", "s": "lr"}.get(name_letter, name_letter)


def includes(name, phi, rho, compound):
    """Whether the direction name includes the move that goes phi forward and
    rho to the right, by the tables of §2.2-§2.5 (compound: K and Q)."""
    vertical = "f" if phi > 0 else "b" if phi < 0 else ""
    side = "r" if rho > 0 else "l" if rho < 0 else ""
    if not vertical or not side:  # on an axis: W D H R, and K's orthogonals
        if compound and len(name) == 2:
            return False  # §2.5: K's two-letter names are diagonals
        # §2.2: every name is the union of its letters (fs = f l r, fl = f l).
        return (vertical or side) in "".join(letters(c) for c in name)
    if abs(phi) == abs(rho):  # a diagonal: F A G B, and K's diagonals
        if compound and len(name) == 1:
            return False  # §2.5: K's single letters are orthogonals
        # §2.3, §2.5: each letter restricts its own axis, in either order;
        # v and s restrict nothing (vF = sF = all four, fsF = fF).
        return all((vertical if c in "fbv" else side) in letters(c) for c in name)
    # §2.4, oblique (N C Z): a move is named lean letter then larger letter;
    # a single letter restricts the larger component (fN = lf rf), a pair
    # restricts the lean, then the larger one (fsN = fl fr, lvN = lf lb).
    larger, lean = (vertical, side) if abs(phi) > abs(rho) else (side, vertical)
    if len(name) == 1:
        return larger in letters(name)
    return lean in letters(name[0]) and larger in letters(name[1])


def ride(board, width, height, start, step, limit, modes, white,
         jumps=False, blocked=False):
    """§1.2, §3.1, §3.2: up to limit steps straight on, through empty squares;
    m ends on an empty square, c on an enemy, which it captures. Planted
    bugs: jumps, every square up to limit is reached whatever the squares
    before it hold; blocked, the squares a step leaps over must be empty."""
    results, (x, y), count = set(), start, 0
    unit = tuple(d // max(abs(step[0]), abs(step[1])) for d in step) if blocked else None
    while limit is None or count < limit:
        x, y, count = x + step[0], y + step[1], count + 1
        if not (0 <= x < width and 0 <= y < height):
            break
        if blocked and any((x - k * unit[0], y - k * unit[1]) in board
                           for k in range(1, max(abs(step[0]), abs(step[1])))):
            break  # Bug leap-blocked: a square leapt over holds a piece.
        piece = board.get((x, y))
        if piece is None:
            if "m" in modes:
                results.add(((x, y), False))
            continue
        if piece.isupper() != white and "c" in modes:
            results.add(((x, y), True))
        if jumps:
            continue  # Bugs range-jumps, nrider-passes: the ride goes on.
        break  # a ride stops at the first occupied square
    return results


if __name__ == "__main__":
    main()
