#!/usr/bin/env python3
"""Insert the Carcassonne dispatch into the façade (one statement per
public call). Idempotent; prints what it could not place."""
import re, sys, glob

CALLS = {
 # name: dispatch expression (g is the handle's name in the function)
 'city_game_clone': 'return carc_api_clone(out, game);',
 'city_place_tile': 'return carc_api_place_tile(g, x, y, rotation);',
 'city_place_follower': 'return carc_api_place_follower(g, part);',
 'city_build_gate': 'return carc_api_no_decision(g, "gate");',
 'city_build_wall': 'return carc_api_no_decision(g, "wall piece");',
 'city_place_guard': 'return carc_api_no_decision(g, "guard");',
 'city_place_tower': 'return carc_api_no_decision(g, "tower");',
 'city_pass': 'return carc_api_pass(g);',
 'city_apply_move': 'return carc_api_apply_move(g, m);',
 'city_legal_moves': 'return carc_api_legal_moves(g, out, cap, count);',
 'city_game_reset': 'return carc_api_reset(g);',
 'city_game_undo': 'return carc_api_undo(g);',
 'city_game_decision': 'return carc_api_decision(g);',
 'city_game_player': 'return carc_api_player(g);',
 'city_game_players': 'return carc_api_players(g);',
 'city_game_current_tile': 'return carc_api_current_tile(g, design, stack);',
 'city_game_tiles_left': 'return carc_api_tiles_left(g, stack);',
 'city_game_tile_count': 'return carc_api_tile_count(g);',
 'city_game_placed_tile': 'return carc_api_placed_tile(g, index, x, y, design, rotation);',
 'city_game_tile_at': 'return carc_api_tile_at(g, x, y, design, rotation);',
 'city_game_cell': 'return carc_api_cell(g, x, y);',
 'city_game_bounds': 'return carc_api_bounds(g, min_x, min_y, max_x, max_y);',
 'city_feature_kind': 'return carc_api_feature_kind(g, x, y, part);',
 'city_feature_tiles': 'return carc_api_feature_tiles(g, x, y, part);',
 'city_feature_market_kinds': 'return carc_api_feature_market_kinds(g, x, y, part);',
 'city_feature_complete': 'return carc_api_feature_complete(g, x, y, part);',
 'city_feature_followers': 'return carc_api_feature_followers(g, x, y, part, player);',
 'city_feature_same': 'return carc_api_feature_same(g, x1, y1, part1, x2, y2, part2);',
 'city_game_follower_count': 'return carc_api_follower_count(g);',
 'city_game_follower': 'return carc_api_follower(g, index, player, role, x, y, part);',
 'city_game_supply': 'return carc_api_supply(g, player, followers, towers);',
 'city_game_walls_left': 'return 0;',
 'city_game_score': 'return carc_api_score(g, player);',
 'city_game_score_detail': 'return carc_api_score_detail(g, player, category);',
 'city_game_winners': 'return carc_api_winners(g, mask);',
 'city_game_end_reasons': 'return carc_api_end_reasons(g);',
 'city_game_final_scored': 'return carc_api_final_scored(g);',
 'city_game_event_count': 'return carc_api_event_count(g);',
 'city_game_event': 'return carc_api_event(g, index, out);',
 'city_game_move_count': 'return carc_api_move_count(g);',
 'city_game_move': 'return carc_api_move(g, index, out);',
 'city_wall_length': 'return 0;',
 'city_wall_end': 'return CITY_ENOTFOUND;',
 'city_wall_gap': 'return CITY_ENOTFOUND;',
 'city_tower_count': 'return 0;',
 'city_tower': 'return CITY_EINVAL;',
 'city_contour_length': 'return CITY_ENOTFOUND;',
 'city_score_final': 'return carc_api_score_final(g);',
}
MARK = 'game_carc('
TOP = {'city_feature_kind', 'city_feature_tiles', 'city_feature_market_kinds',
       'city_feature_complete', 'city_feature_followers', 'city_feature_same',
       'city_game_placed_tile', 'city_game_supply', 'city_game_score',
       'city_game_score_detail', 'city_game_event', 'city_game_move', 'city_tower'}

def handle_name(sig):
    m = re.search(r'(?:^|,)\s*(?:const\s+)?city_game\s*\*\s*(\w+)', sig)
    return m.group(1) if m else None

for path in sorted(glob.glob('lib/*.c')):
    src = open(path).read()
    changed = False
    for name, call in CALLS.items():
        m = re.search(r'^(?:CITY_EXPORT )?[a-z_ ]+\*?\s*' + name + r'\(([^)]*)\)\n\{\n', src, re.M)
        if not m:
            continue
        g = handle_name(m.group(1))
        body_start = m.end()
        end = src.index('\n}\n', body_start)
        body = src[body_start:end]
        if MARK in body:
            continue
        stmt_call = call.replace('(g,', '(%s,' % g).replace('(g)', '(%s)' % g)
        # after the first argument check that returns CITY_EINVAL
        k = body.find('return CITY_EINVAL;')
        if name in TOP:
            k = -1
        lines = body.split('\n')
        pos = None
        if k >= 0 and body[:k].count('\n') <= 12 and not body[:k].rstrip().endswith('?'):
            line_no = body[:k].count('\n')
            # the check must be a plain if-statement
            if lines[line_no - 1].lstrip().startswith('if ') or lines[line_no].lstrip().startswith('if '):
                pos = line_no + 1
        if pos is None:
            # body of the form `return g ? ... : CITY_EINVAL;` or other
            for i, l in enumerate(lines):
                if l.startswith('\treturn') or (name in TOP and l.startswith('\t') and not l.startswith('\t\t') and
                        not re.match(r'\t(const |int |unsigned |size_t |char )', l)):
                    pos = i
                    stmt_call_line = '\tif (%s && game_carc(%s))\n\t\t%s' % (g, g, stmt_call)
                    lines.insert(pos, stmt_call_line)
                    break
            else:
                print('not placed:', name, path)
                continue
        else:
            lines.insert(pos, '\tif (game_carc(%s))\n\t\t%s' % (g, stmt_call))
        body = '\n'.join(lines)
        src = src[:body_start] + body + src[end:]
        changed = True
    if changed:
        if '#include "carc_api.h"' not in src:
            src = src.replace('#include "game_internal.h"\n', '#include "carc_api.h"\n#include "game_internal.h"\n', 1)
        open(path, 'w').write(src)
        print('wired', path)
