"""An independent, deliberately plain reading of RULES.md, used only to check
the service: lists of one-letter strings, no shared code with `buttonup`."""

LETTER = {"red": "R", "black": "B", "white": "W"}
WORD = {v: k for k, v in LETTER.items()}


def to_letters(circle):
    return ["".join(LETTER[c] for c in stack) for stack in circle]


def to_words(circle):
    return [[WORD[ch] for ch in stack] for stack in circle]


def legal(circle):
    if len([s for s in circle if s]) < 2:
        return []
    return [i for i, s in enumerate(circle) if "W" in s]


def play(circle, pos):
    """Returns (new circle, extra_turn, overflow). `circle` is nine strings."""
    board = list(circle)
    hand = board[pos]
    board[pos] = ""
    receivers = [(pos + k) % 9 for k in range(1, 9) if board[(pos + k) % 9]]
    overflow = len(hand) > len(receivers)
    last_covered = None
    for idx, target in enumerate(receivers):
        if idx == len(hand):
            break
        if overflow and idx == len(receivers) - 1:
            board[target] += hand[idx:]
            break
        last_covered = board[target][-1]
        board[target] += hand[idx]
    ends_round = len(receivers) == 1
    extra = (not overflow) and (not ends_round) and hand[-1] == last_covered
    return board, extra, overflow


def score(final):
    red = sum(h for h, ch in enumerate(final, 1) if ch == "R")
    black = sum(h for h, ch in enumerate(final, 1) if ch == "B")
    return red, black


def next_starter(total_red, total_black, round_red, round_black, round_starter):
    if total_red < total_black:
        return "red"
    if total_black < total_red:
        return "black"
    if round_red < round_black:
        return "red"
    if round_black < round_red:
        return "black"
    return "black" if round_starter == "red" else "red"


def minimax(circle, red_to_move):
    """Red's strength minus black's under perfect play, by plain exhaustive
    search (no memo, no shared code): the yardstick for the solver."""
    results = []
    for pos in legal(circle):
        after, extra, _ = play(circle, pos)
        remaining = [s for s in after if s]
        if len(remaining) == 1:
            red, black = score(remaining[0])
            results.append(red - black)
        else:
            results.append(minimax(after, red_to_move if extra else not red_to_move))
    return max(results) if red_to_move else min(results)


def margins_for(circle, player):
    """{position: final margin from player's side} by exhaustive search."""
    sign = 1 if player == "red" else -1
    out = {}
    for pos in legal(circle):
        after, extra, _ = play(circle, pos)
        remaining = [s for s in after if s]
        if len(remaining) == 1:
            red, black = score(remaining[0])
            out[pos] = sign * (red - black)
        else:
            next_red = (player == "red") == extra
            out[pos] = sign * minimax(after, next_red)
    return out
