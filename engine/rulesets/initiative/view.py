"""What a seat sees (`view`), documented for renderers (G1-5).

    {"round", "turn", "phase": "select"|"resolve"|"end_of_round"|"over", "coin": "red"|"blue", "life": {team: n},
     "board": Board.to_data(), "heroes": [HERO], "played": {hero index: card id | null} (face up: the
     turn's cards after the reveal, S1-R6), "unresolved": [hero index], "acting": hero index | null,
     "pending": the prompt being answered | null (a text machine while card text waits for a choice: text.py;
     at a defence, the defender's own view adds "cards": {card id: {"total", "blocks"}}, combat.defence_preview;
     {"kind": "level_up", "heroes": [hero index]} at End of Round: who levels now, public, levelling.py),
     "tokens": [{"space": [q, r], "token": kind, "hero": owner}], "scheduled": [active effects due later (P1-5)],
     "minions": [{"id", "team", "type": "melee"|"ranged"|"heavy", "lane": lane index, "space": [q, r]}],
     "battle_zones": [zone id per lane], "waves": [wave counters left per lane] (F-S2, F-S3; one lane on
     Saltmarsh Crossing, two on the double-lane map, board "lanes") — the lanes are public,
     "cards": {card id: printed card + "effect" steps}, "options", "result"}

    HERO = {"index", "seat", "team", "hero", "name", "position": [q, r] | null, "level", "coins",
            "hand": [card id] (own seat, or after the end) | count, "deck": count (own: [card id]),
            "dashboard": [card id | null] ×4, "discard": [card id], "items", "markers", "effects",
            "ultimate": card id | null}
    (level, coins, items {icon: count} and the ultimate are public; the upgrade pool is a count for other seats)

"cards" holds every printed card of every hero in play (a hero's 18-card deck is public, like a card
gallery; its `effect` steps are the text in machine form), so a bot or a renderer can reason about
what another hero might hold without seeing which cards it does hold.

Hidden while the game lasts: other seats' hands and upgrade pools (only their counts are shown).
Cards chosen in the selection stay with the session until every seat has played (S1-R6), so no
view shows them before the reveal. Resolved and discarded cards are public.

With a hero selection (option hero_selection, draft.py) the view also holds "draft": the steps, picks,
bans and pool (public), a single draft's "offer" (the picking seat's list; others see its length) and,
while selecting (phase "draft", "heroes" still []), a "catalogue" {hero id: {"name", "style"}}.
"""

from . import combat, draft as selection
from .state import Game


def view(game: Game, seat) -> dict:
    over = game.result is not None
    heroes, ids = [], set()
    for hero in game.heroes:
        ids.update(game.content.heroes[hero.hero].cards)          # printed decks: public
        mine = over or (seat is not None and hero.seat == seat)
        data = hero.to_data()
        data["name"] = game.content.heroes[hero.hero].name
        if not mine:
            data["hand"], data["deck"] = len(hero.hand), len(hero.deck)
        else:
            ids.update(hero.hand + hero.deck)
        ids.update(c for c in hero.dashboard + hero.discard + [hero.ultimate] if c)
        heroes.append(data)
    ids.update(c for c in game.played.values() if c)
    data = {"round": game.round, "turn": game.turn, "phase": game.phase, "coin": game.coin, "life": dict(game.life),
            "board": game.board.data, "heroes": heroes,
            "played": {str(i): c for i, c in sorted(game.played.items())}, "unresolved": list(game.unresolved),
            "acting": game.acting, "pending": game.pending,
            "tokens": [dict(t) for t in game.tokens], "scheduled": [dict(e) for e in game.scheduled],
            "minions": [dict(m) for m in game.minions], "battle_zones": list(game.battle_zones),
            "waves": list(game.waves),
            "cards": {c: game.content.printed[c] for c in sorted(ids)},
            "options": dict(game.opts), "result": None if game.result is None else game.result.to_data()}
    pending = game.pending or {}
    if pending.get("kind") == "defend" and not over and seat == game.heroes[pending["hero"]].seat:
        # The defender's own cards, each with the total it would reach (F-D2 step 5): this seat only.
        data["pending"] = {**pending, "cards": combat.defence_preview(game, pending)}
    if game.draft is not None:                       # hero selection (draft.py): picks and bans are public
        data["draft"] = selection.view(game, seat)
    return data


def secrets(game: Game, seat) -> list:
    """Other seats' hands and upgrade pools while the game lasts."""
    if game.result is not None:
        return []
    if game.phase == "draft":                        # a single draft's offer (draft.py)
        return selection.secrets(game, seat)
    return [{"secret": "hand", "hero": h.index, "cards": sorted(h.hand)} for h in game.heroes
            if h.seat != seat and h.hand and len(h.hand) + len(h.deck) > 1]
