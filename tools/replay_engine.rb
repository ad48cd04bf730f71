# frozen_string_literal: true

# Replay recorded 18xx.games games with the 18xx.games engine and dump, before every recorded
# tile lay, the position and the engine's legal set: the test-time oracle of the replay
# conformance (tools/replay_conformance.py). Trackwright never needs Ruby to run.
#
#   ruby tools/replay_engine.rb dump GAME.json...    one JSON document per game, one per line
#
# The engine checkout is the setting T18XX_DIR (default ../shared/upstream/18xx-2025-01, relative
# to the repository root).
#
# A game is replayed from its raw action list in order. `undo` and `redo` are followed as the site
# follows them: the game is rebuilt from the actions so far with the engine's own undo filter
# (Game::Base.filtered_actions), so an undone lay is still a position someone saw. Every action
# but a lay is processed as the site loads a game (`loading`); a recorded lay is processed live
# (`loading` off), so every check the engine makes of a player's lay runs.
#
# Before each recorded `lay_tile` of a corporation or minor, the dump holds:
#   board      hex -> [tile name, rotation, [[owner, token type, city index], ...]] for every hex
#              whose tile is not the printed one or that holds a token
#   phase      the phase's name and its tile colours
#   entity     the acting company, its cash and buying power
#   laid       the hexes laid this turn (hex, tile name), num_laid_track, upgraded_track
#   privates   [id, owner id, closed] of every private company
#   prices     corporation -> share price, of every open corporation that has one
#   tiles_left tile name -> copies left in the supply
#   step       the class of the step that takes the lay, and the methods of the common track step
#              (Engine::Step::Tracker / Track) it overrides
#   legal      the engine's legal set: every [hex, tile, rotation] the step offers (available_hex,
#              upgradeable_tiles with their legal rotations) that process_lay_tile accepts on top:
#              the TILE_LAYS entry (lay / upgrade / cannot_reuse_same_hex), check_track_restrictions!
#              (the tile laid for the check and the position restored exactly), and the cost
#              (terrain, borders crossed, the entry's cost) against the buying power
#   refused    the same candidates that process_lay_tile refuses, with the engine's reason
#   available  the hexes the step offers (available_hex), blocked: [hex, company] a private blocks
#   legal_ms   the wall time of computing the legal set
#   lay        the recorded lay [hex, tile, rotation], whether it is in the legal set, and the
#              engine's error when processing it live refused it
# A lay made through a private company's ability (the action's entity is the company, taken by a
# SpecialTrack step) is kept apart in `special`: the company, its owner, the abilities, the lay and
# the live verdict.

require 'json'
require 'set'

ROOT = File.expand_path('..', __dir__)
ENGINE_DIR = File.expand_path(ENV.fetch('T18XX_DIR', '../shared/upstream/18xx-2025-01'), ROOT)
ENV['ENGINE_LOG_LEVEL'] ||= '4'

unless File.file?(File.join(ENGINE_DIR, 'lib', 'engine.rb'))
  warn "replay_engine: no 18xx.games engine at #{ENGINE_DIR} (set T18XX_DIR)"
  exit 2
end
$LOAD_PATH.unshift(File.join(ENGINE_DIR, 'lib'))
$LOAD_PATH.push(File.join(__dir__, 'engine_shim'))
require 'engine'

TRACK_METHODS = %i[
  available_hex tracker_available_hex potential_tiles potential_tile_colors upgradeable_tiles
  legal_tile_rotation? legal_tile_rotations old_paths_maintained? hex_neighbors get_tile_lay
  tile_lay_index lay_tile lay_tile_action process_lay_tile check_track_restrictions! extra_cost
  track_upgrade? remove_border_calculate_cost! border_cost_discount pay_tile_cost! buying_power
  ability_blocking_hex max_exits city_sizes_maintained
].freeze
GAME_METHODS = %i[
  upgrades_to? upgrades_to_correct_label? upgrades_to_correct_city_town? upgrades_to_correct_color?
  legal_tile_rotation? tile_lays upgrade_cost tile_cost_with_discount tile_valid_for_phase?
  hex_blocked_by_ability? graph_for_entity
].freeze

def now_ms
  Process.clock_gettime(Process::CLOCK_MONOTONIC) * 1000.0
end

def common_owner?(owner)
  name = owner.name.to_s
  name.start_with?('Engine::Step::') || name == 'Engine::Step::Tracker'
end

def step_overrides(step)
  TRACK_METHODS.filter_map do |m|
    next unless step.respond_to?(m, true)

    owner = step.method(m).owner
    common_owner?(owner) ? nil : "#{owner.name}##{m}"
  end
end

def game_overrides(game)
  GAME_METHODS.filter_map do |m|
    next unless game.respond_to?(m, true)

    owner = game.method(m).owner
    owner == Engine::Game::Base ? nil : "#{owner.name}##{m}"
  end
end

# --- the position ------------------------------------------------------------------------------

def token_row(city_index, token)
  [token.corporation&.id, token.type.to_s, city_index]
end

def board(game)
  out = {}
  game.hexes.each do |hex|
    tile = hex.tile
    tokens = []
    tile.cities.each_with_index do |city, i|
      (city.tokens.compact + city.extra_tokens.to_a).each { |t| tokens << token_row(i, t) }
    end
    next if tile.preprinted && tokens.empty?

    out[hex.id] = [tile.preprinted ? nil : tile.name, tile.rotation, tokens]
  end
  out
end

def fingerprint(game)
  game.hexes.map do |hex|
    t = hex.tile
    [hex.id, t.object_id, t.rotation, t.cities.map { |c| c.tokens.map { |k| k&.object_id } },
     t.borders.size, hex.neighbors.keys.sort]
  end
end

# A company held by the bank (1844's privates before they are sold) has no owner to name.
def owner_id(owner)
  owner.respond_to?(:id) ? owner.id : nil
end

# The hexes the track step lays on. A step that also places tokens (TrackAndToken) answers
# available_hex for either half; the track half is tracker_available_hex (1846's B&O and PRR
# may token their reserved home hex, where the track step has no graph to lay from).
def track_hex?(step, entity, hex)
  return step.send(:tracker_available_hex, entity, hex) if step.is_a?(Engine::Step::TrackAndToken)

  step.available_hex(entity, hex)
end

def position(game, step, entity)
  round = game.round
  laid = (round.respond_to?(:laid_hexes) ? round.laid_hexes : []).map { |h| [h.id, h.tile.name] }
  {
    'board' => board(game),
    'phase' => { 'name' => game.phase.name, 'tiles' => game.phase.tiles.map(&:to_s) },
    'entity' => { 'id' => entity.id, 'cash' => entity.cash, 'buying_power' => step.send(:buying_power, entity) },
    'laid' => laid,
    'num_laid_track' => (round.respond_to?(:num_laid_track) ? round.num_laid_track : nil),
    'upgraded_track' => (round.respond_to?(:upgraded_track) ? round.upgraded_track : nil),
    'privates' => game.companies.map { |c| [c.id, owner_id(c.owner), c.closed?] },
    'prices' => game.corporations.select(&:share_price).to_h { |c| [c.id, c.share_price.price] },
    'tiles_left' => game.tiles.group_by(&:name).transform_values(&:size),
    'round' => round.class.name,
    'step' => { 'class' => step.class.name, 'overrides' => step_overrides(step) },
  }
end

# --- the legal set -----------------------------------------------------------------------------

def snapshot(objects)
  objects.compact.uniq(&:object_id).map do |o|
    [o, o.instance_variables.map do |iv|
      v = o.instance_variable_get(iv)
      [iv, v.is_a?(Array) || v.is_a?(Hash) ? v.dup : v]
    end]
  end
end

def restore(snap)
  snap.each do |o, ivs|
    (o.instance_variables - ivs.map(&:first)).each { |iv| o.remove_instance_variable(iv) }
    ivs.each { |iv, v| o.instance_variable_set(iv, v.is_a?(Array) || v.is_a?(Hash) ? v.dup : v) }
  end
end

def trial_objects(hex, old, tile)
  cities = old.cities + tile.cities
  tokens = cities.flat_map { |c| c.tokens.compact + c.extra_tokens.to_a }
  [hex, old, tile, old.future_label, tile.future_label, *old.parts, *tile.parts, *cities, *tokens]
end

# The track restriction as process_lay_tile checks it: the tile is laid, the check runs on the
# company's graph with the new tile, and every object the lay touched is put back as it was.
def restriction_error(game, step, entity, hex, old, tile)
  snap = snapshot(trial_objects(hex, old, tile))
  hex_paths = hex.instance_variable_get(:@paths)
  begin
    hex.lay(tile)
    game.clear_graph_for_entity(entity)
    step.send(:check_track_restrictions!, entity, old, tile)
    nil
  rescue Engine::GameError => e
    e.message
  ensure
    restore(snap)
    hex.instance_variable_set(:@paths, hex_paths)
    game.clear_graph_for_entity(entity)
  end
end

def border_cost(step, entity, hex, old, tile)
  old.borders.sum do |border|
    next 0 unless (cost = border.cost)

    edge = border.edge
    neighbor = hex.neighbors[edge]
    next 0 unless neighbor && tile.exits.include?(edge) && neighbor.targeting?(hex)

    cost - step.send(:border_cost_discount, entity, entity, border, cost, hex)
  end
end

def refusal(game, step, entity, hex, tile, rotation, round)
  tile_lay = step.send(:get_tile_lay, entity)
  return 'no lay left in the turn (TILE_LAYS)' unless tile_lay

  old = hex.tile
  upgrade = step.send(:track_upgrade?, old, tile, hex)
  return 'Cannot lay an upgrade now' if upgrade && !tile_lay[:upgrade]
  return 'Cannot lay a yellow now' if tile.color == :yellow && !tile_lay[:lay]
  if tile_lay[:cannot_reuse_same_hex] && round.laid_hexes.include?(hex)
    return "#{hex.id} cannot be laid as this hex was already laid on this turn"
  end

  tile.rotate!(rotation)
  extra = step.send(:extra_cost, tile, tile_lay, hex)
  base = game.upgrade_cost(old, hex, entity, entity) + border_cost(step, entity, hex, old, tile) + extra
  cost = game.tile_cost_with_discount(tile, hex, entity, entity, base)
  power = step.send(:buying_power, entity)
  return "cost #{cost} exceeds the buying power #{power}" if cost > power

  needs_trial = !old.paths.empty? || !common_owner?(step.method(:check_track_restrictions!).owner)
  return nil unless needs_trial

  error = restriction_error(game, step, entity, hex, old, tile)
  tile.rotate!(rotation)
  error
end

def legal_set(game, step, entity)
  round = game.round
  legal = []
  refused = []
  game.hexes.each do |hex|
    next unless track_hex?(step, entity, hex)

    step.upgradeable_tiles(entity, hex).each do |tile|
      rotations = tile.legal_rotations.dup
      rotations.each do |rotation|
        why = refusal(game, step, entity, hex, tile, rotation, round)
        row = [hex.id, tile.name, rotation]
        why ? refused << (row + [why]) : legal << row
      end
    end
  end
  [legal.sort, refused.sort]
end

# --- the replay --------------------------------------------------------------------------------

def load_prefix(data, raw, upto)
  game = Engine::Game.load(data, actions: raw[0..upto])
  game.instance_variable_set(:@loading, true)
  game
end

def process(game, action)
  game.process_action(action)
  game.raw_actions.last['id'] = action['id']
  game.instance_variable_set(:@last_processed_action, action['id'])
  game
end

def lay_of(action)
  [action['hex'], action['tile'].to_s.sub(/-\d+\z/, ''), action['rotation']]
end

def dump_game(file)
  data = JSON.parse(File.read(file))
  raw = data['actions']
  t0 = now_ms
  game = Engine::Game.load(data, actions: [])
  game.instance_variable_set(:@loading, true)
  out = { 'file' => file, 'title' => data['title'], 'id' => data['id'], 'actions' => raw.size,
          'positions' => [], 'special' => [], 'errors' => [], 'game_overrides' => game_overrides(game),
          'track_restriction' => game.class::TRACK_RESTRICTION.to_s }
  rebuilds = 0
  raw.each_with_index do |action, index|
    if %w[undo redo].include?(action['type'])
      game = load_prefix(data, raw, index)
      rebuilds += 1
      next
    end
    if action['type'] == 'lay_tile'
      entity = game.company_by_id(action['entity']) if action['entity_type'] == 'company'
      entity ||= game.corporation_by_id(action['entity']) || game.minor_by_id(action['entity'])
      step = entity && game.round.step_for(entity, 'lay_tile')
      row = { 'action' => action['id'], 'index' => index, 'lay' => lay_of(action), 'entity' => action['entity'] }
      if entity.nil? || step.nil?
        row['note'] = entity ? 'no step takes this lay' : 'unknown entity'
        out['errors'] << row
      elsif entity.company?
        row.merge!('owner' => owner_id(entity.owner), 'abilities' => entity.all_abilities.map { |a| a.type.to_s },
                   'step' => step.class.name, 'phase' => game.phase.name, 'board' => board(game))
        out['special'] << row
      elsif step.is_a?(Engine::Step::Tracker)
        game.instance_variable_set(:@loading, false)
        begin
          row.merge!(position(game, step, entity))
          before = fingerprint(game)
          start = now_ms
          legal, refused = legal_set(game, step, entity)
          row['legal_ms'] = now_ms - start
          row['legal'] = legal
          row['refused'] = refused
          row['available'] = game.hexes.select { |h| track_hex?(step, entity, h) }.map(&:id).sort
          row['blocked'] = game.hexes.filter_map do |h|
            ability = step.send(:ability_blocking_hex, entity, h)
            [h.id, owner_id(ability.owner)] if ability
          end
          row['restored'] = fingerprint(game) == before
          row['lay_legal'] = legal.include?(row['lay'])
        rescue StandardError => e
          row['error'] = "#{e.class}: #{e.message}"[0, 300]
        ensure
          game.instance_variable_set(:@loading, true)
        end
        out['positions'] << row
      else
        row['note'] = "#{step.class.name} is not a track step"
        row['step'] = { 'class' => step.class.name, 'overrides' => [] }
        out['positions'] << row
      end
      game.instance_variable_set(:@loading, false)
      begin
        process(game, action)
      rescue StandardError => e
        row['live_error'] = "#{e.class}: #{e.message}"[0, 300]
        game = load_prefix(data, raw, index)
        rebuilds += 1
      ensure
        game.instance_variable_set(:@loading, true)
      end
      next
    end
    begin
      process(game, action)
    rescue StandardError => e
      out['errors'] << { 'action' => action['id'], 'index' => index, 'note' => "#{e.class}: #{e.message}"[0, 300] }
      break
    end
  end
  out['rebuilds'] = rebuilds
  out['ms'] = now_ms - t0
  out
end

case ARGV[0]
when 'dump'
  ARGV[1..].each do |file|
    begin
      doc = dump_game(file)
    rescue StandardError => e
      doc = { 'file' => file, 'fatal' => "#{e.class}: #{e.message}"[0, 500] }
    end
    $stdout.puts(JSON.generate(doc))
    $stdout.flush
  end
else
  warn 'usage: ruby tools/replay_engine.rb dump GAME.json...'
  exit 2
end
