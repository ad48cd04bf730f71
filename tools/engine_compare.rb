# frozen_string_literal: true

# Judge Trackwright's 18xx.games import/export and its rule set with the 18xx.games engine.
#
#   ruby tools/engine_compare.rb titles            every title whose map constants live in a file
#   ruby tools/engine_compare.rb maps JOBS.json    build each title from its own map and from ours
#   ruby tools/engine_compare.rb rules JOBS.json   the engine's static yellow-lay and upgrade tables
#
# The engine checkout is the setting T18XX_DIR (default ../shared/upstream/18xx-2025-01, relative
# to the repository root). Output is one JSON document on stdout; tools/conformance.py reads it.
#
# maps: JOBS.json is [{"title": T, "file": exported map.rb}, ...]. Our file is evaluated inside an
# anonymous module (it never touches the engine's own modules); a subclass of the title's game
# class then takes its LAYOUT, AXES, TILES, LOCATION_NAMES and HEXES, so both games are built by
# the same code from different map constants, and compared hex by hex and tile by tile.
#
# rules: JOBS.json is [{"title": T}, ...]. For each title, with every neighbour counted as reached:
# the yellow table (every hex x every yellow tile of the manifest x rotation, as upgrades_to? and
# the track step's legal_tile_rotation? answer it) and the upgrade table (every manifest pair of
# consecutive colours on a plain hex, for each old rotation), with the time the engine took, and
# the title's own overrides of the predicates involved.

require 'json'
require 'set'

ROOT = File.expand_path('..', __dir__)
ENGINE_DIR = File.expand_path(ENV.fetch('T18XX_DIR', '../shared/upstream/18xx-2025-01'), ROOT)
ENV['ENGINE_LOG_LEVEL'] ||= '4'

unless File.file?(File.join(ENGINE_DIR, 'lib', 'engine.rb'))
  warn "engine_compare: no 18xx.games engine at #{ENGINE_DIR} (set T18XX_DIR)"
  exit 2
end
$LOAD_PATH.unshift(File.join(ENGINE_DIR, 'lib'))

# The engine requires the require_all gem (for require_rel only); tools/engine_shim stands in
# for it when the gem is not installed (last on the load path, so a real gem wins).
$LOAD_PATH.push(File.join(__dir__, 'engine_shim'))
require 'engine'

MAP_CONSTANTS = %i[LAYOUT AXES TILES LOCATION_NAMES HEXES].freeze
ALL_ROTATIONS = [0, 1, 2, 3, 4, 5].freeze

def players_for(klass)
  range = klass::PLAYER_RANGE || [2, 4]
  (1..range.max).map { |i| "p#{i}" }
end

def build(klass, seed: nil)
  klass.new(players_for(klass), seed: seed)
end

# --- titles ---------------------------------------------------------------------------------

def titles
  Engine::GAME_META_BY_TITLE.keys.filter_map do |title|
    klass = Engine.game_by_title(title)
    file, line = klass.const_source_location(:HEXES)
    next if file.nil? || file.end_with?('game/base.rb')

    { title: title, class: klass.name, file: file, line: line,
      own_map: file.end_with?('map.rb') && file.include?("/#{klass.name.split('::')[2].sub(/^G/, 'g_')}") }
  end
end

# --- describing a built game ----------------------------------------------------------------

def node_ref(tile, node)
  case node
  when Engine::Part::Edge then "e#{node.num}"
  when Engine::Part::City then "city#{tile.cities.index(node)}"
  when Engine::Part::Town then "town#{tile.towns.index(node)}"
  when Engine::Part::Offboard then "offboard#{tile.offboards.index(node)}"
  when Engine::Part::Junction then 'junction'
  else node.class.name
  end
end

def revenue_of(part)
  rev = part.revenue
  rev.is_a?(Hash) ? rev.transform_keys(&:to_s).sort.to_h : rev
end

def stop_fields(part)
  { revenue: revenue_of(part), groups: part.groups, hide: part.hide, visit_cost: part.visit_cost,
    route: part.route, boom: part.respond_to?(:boom) ? part.boom : nil }
end

def describe_tile(tile)
  paths = tile.paths.map do |p|
    # a terminal is its number (1 a taper, 2 a stub): the engine keeps text after it as written
    # (18NY 1st Edition's 'terminal:1path'), which means terminal 1 to it as to us
    terminal = p.terminal.nil? ? nil : p.terminal.to_s.to_i
    [[node_ref(tile, p.a), node_ref(tile, p.b)].sort, terminal, p.track.to_s, p.lanes, p.ignore]
  end.sort_by(&:to_s)
  {
    color: tile.color.to_s,
    paths: paths,
    cities: tile.cities.map { |c| stop_fields(c).merge(slots: c.slots) },
    towns: tile.towns.map { |t| stop_fields(t).merge(to_city: t.to_city) },
    offboards: tile.offboards.map { |o| stop_fields(o) },
    junction: !tile.junction.nil?,
    borders: tile.borders.map { |b| [b.edge, b.type.to_s, b.cost] }.sort_by(&:to_s),
    upgrades: tile.upgrades.map { |u| [u.cost, u.terrains.map(&:to_s).sort] }.sort_by(&:to_s),
    labels: tile.labels.map(&:to_s).sort,
    future_label: tile.future_label && [tile.future_label.label.to_s, tile.future_label.color.to_s],
    icons: tile.icons.map { |i| [i.name.to_s, i.sticky, i.blocks_lay?, i.large] }.sort_by(&:to_s),
    blocks_lay: tile.blocks_lay ? true : false,
    hidden: tile.hidden ? true : false,
  }
end

def describe_hex(hex)
  # the printed tile's name: a named tile of the map file ('blank', 'city', '57') keeps its name,
  # a tile written in the tile DSL is named after its hex
  describe_tile(hex.tile).merge(
    name: hex.tile.name,
    location_name: hex.location_name,
    empty: hex.empty ? true : false,
    neighbors: hex.neighbors.transform_values(&:id).sort.to_h,
  )
end

def describe_tiles(game)
  game.tiles.group_by(&:name).transform_values do |copies|
    describe_tile(copies.first).merge(count: copies.size)
  end
end

def diff(mine, theirs, limit, out, where)
  (mine.keys | theirs.keys).each do |key|
    a = mine[key]
    b = theirs[key]
    next if a == b

    fields = a && b ? a.keys.reject { |f| a[f] == b[f] } : ['missing']
    fields.each do |f|
      out[:fields][f.to_s] += 1
      next unless out[:examples].size < limit

      out[:examples] << { where => key, field: f.to_s,
                          engine: a.nil? ? nil : (f == 'missing' ? 'present' : a[f]),
                          ours: b.nil? ? nil : (f == 'missing' ? 'present' : b[f]) }
    end
    out[:count] += 1
  end
end

# --- maps: the title's own map against ours -------------------------------------------------

def load_ours(file)
  box = Module.new
  box.module_eval(File.read(file), file)
  games = box.const_get(:Engine).const_get(:Game)
  games.const_get(games.constants.first).const_get(:Map)
end

def with_our_map(klass, map)
  sub = Class.new(klass)
  MAP_CONSTANTS.each { |c| sub.const_set(c, map.const_get(c)) if map.const_defined?(c, false) }
  parent = Object.const_get(klass.name.sub(/::Game\z/, ''))
  parent.send(:remove_const, :TrackwrightMap) if parent.const_defined?(:TrackwrightMap, false)
  parent.const_set(:TrackwrightMap, sub)
  sub
end

def compare_map(title, file)
  klass = Engine.game_by_title(title)
  theirs = build(klass)
  ours = build(with_our_map(klass, load_ours(file)))
  hexes = { count: 0, fields: Hash.new(0), examples: [] }
  tiles = { count: 0, fields: Hash.new(0), examples: [] }
  diff(theirs.hexes.to_h { |h| [h.id, describe_hex(h)] }, ours.hexes.to_h { |h| [h.id, describe_hex(h)] },
       12, hexes, :hex)
  diff(describe_tiles(theirs), describe_tiles(ours), 12, tiles, :tile)
  { title: title, status: hexes[:count].zero? && tiles[:count].zero? ? 'equal' : 'different',
    hexes: theirs.hexes.size, tiles: theirs.tiles.map(&:name).uniq.size,
    hex_diffs: hexes, tile_diffs: tiles }
rescue StandardError, ScriptError => e
  { title: title, status: 'error', error: "#{e.class}: #{e.message.lines.first.to_s.strip[0, 200]}" }
end

# --- rules: the engine's static tables ------------------------------------------------------

GAME_PREDICATES = %i[upgrades_to? upgrades_to_correct_color? upgrades_to_correct_label?
                     upgrades_to_correct_city_town? upgrade_ignore_num_cities legal_tile_rotation?].freeze
STEP_PREDICATES = %i[legal_tile_rotation? old_paths_maintained? city_sizes_maintained
                     potential_tiles].freeze

def where(meth)
  file, line = meth.source_location
  "#{file.sub(%r{\A.*/lib/engine/}, 'lib/engine/')}:#{line} #{meth.owner.name}##{meth.name}"
end

# A method of a title (its own module, a title it builds on, or a rule module it includes such as
# StubsAreRestricted), not of the engine's common code (Engine::Game::Base, Engine::Step::*).
def title_code?(meth)
  owner = meth.owner.name.to_s
  !%w[Engine::Game::Base Engine::Step::].any? { |common| owner.start_with?(common) } && !owner.match?(/::Trackwright\w+\z/)
end

def overrides(game)
  mod = Object.const_get(game.class.superclass.name.sub(/::Game\z/, ''))
  out = GAME_PREDICATES.filter_map do |m|
    meth = game.method(m)
    where(meth) if title_code?(meth)
  end
  steps = mod.const_defined?(:Step, false) ? mod.const_get(:Step) : nil
  steps&.constants&.each do |c|
    k = steps.const_get(c)
    next unless k.is_a?(Class) && k.include?(Engine::Step::Tracker)

    STEP_PREDICATES.each do |m|
      meth = k.instance_method(m)
      out << where(meth) if title_code?(meth)
    end
  end
  out.uniq
end

# A subclass of the title's game that notes every hex as the map constants made it, before the
# game's own setup (which may change hexes, e.g. place labels at random); with plain: true, the
# title's overrides of the predicates are undone (the engine's common ones answer).
def rules_game(klass, plain: false, seed: nil)
  sub = Class.new(klass) do
    attr_reader :tw_printed, :tw_linked

    define_method(:setup_preround) do
      @tw_printed = @hexes.to_h { |h| [h.id, describe_tile(h.tile)] }
      super()
    end
    define_method(:setup) do
      @tw_linked = @hexes.to_h { |h| [h.id, h.neighbors.transform_values(&:id)] }
      super()
    end
    GAME_PREDICATES.each { |m| define_method(m, Engine::Game::Base.instance_method(m)) } if plain
  end
  name = plain ? :TrackwrightPlain : :TrackwrightRules
  parent = Object.const_get(klass.name.sub(/::Game\z/, ''))
  parent.send(:remove_const, name) if parent.const_defined?(name, false)
  parent.const_set(name, sub)
  build(sub, seed: seed)
end

# Other seeds the game is built with to find the hexes its code draws at random when it starts
# (18USA's off-board revenues, 18RoyalGorge's home towns: a city or a town by the corporations drawn).
DRAW_SEEDS = [1, 2, 3, 5, 8].freeze

# Hexes whose printed tile differs between seeds, and for each of them the yellow rows of every
# other draw (an import that holds one of the draws agrees with the engine's answer for that draw).
def drawn_hexes(klass, game)
  others = DRAW_SEEDS.map do |seed|
    g = rules_game(klass, seed: seed)
    quiet_round(g)
    g
  end
  drawn = game.hexes.map(&:id).select { |id| others.any? { |g| g.tw_printed[id] != game.tw_printed[id] } }
  return {} if drawn.empty?

  rows = drawn.to_h { |id| [id, []] }
  others.each do |g|
    s = track_step(g)
    e = g.corporations.first || g.minors.first
    table = yellow_table(g, s, e, drawn)
    drawn.each { |id| rows[id] << (table[id] || {}) }
  end
  rows
end

# Hexes the game's setup changed from what the map constants say: their tile, or which hexes they
# are linked to; and the hexes next to one whose colour or track changed (their exits may now
# face it differently).
def setup_changed(game)
  out = []
  game.hexes.each do |h|
    before = game.tw_printed[h.id]
    now = describe_tile(h.tile)
    linked = game.tw_linked[h.id] == h.neighbors.transform_values(&:id)
    next if before == now && linked

    out << h
    out.concat(h.all_neighbors.values) if before[:color] != now[:color] || before[:paths] != now[:paths]
  end
  out.map(&:id).uniq.sort
end

# Tiles of the map file's manifest that the game's own code removes, changes or adds (beginner
# tiles taken out, a label given in init_tiles, a second list merged in game_tiles): the manifest
# as the common code builds it from TILES, against the game's tiles.
def setup_tiles(game)
  init_tile = Engine::Game::Base.instance_method(:init_tile).bind(game)
  plain = game.class::TILES.flat_map { |name, val| init_tile.call(name, val) }
  before = plain.group_by(&:name).transform_values { |c| describe_tile(c.first) }
  now = game.tiles.group_by(&:name).transform_values { |c| describe_tile(c.first) }
  changed = before.reject { |name, d| now[name] == d }.keys
  added = now.keys - before.keys # e.g. a second tile list the game's code merges in
  (changed + added).sort
end

# Some titles' predicates read the round (e.g. tokens waiting to be placed); a game that has not
# started its operating rounds gets the answer of a round with nothing pending.
def quiet_round(game)
  round = game.round
  round.define_singleton_method(:pending_tokens) { [] } unless round.respond_to?(:pending_tokens)
end

def track_step(game)
  step = Engine::Step::Track.new(game, game.round)
  step.define_singleton_method(:hex_neighbors) { |_entity, _hex| ALL_ROTATIONS }
  step
end

def legal_rotations(game, step, entity, hex, tile)
  ALL_ROTATIONS.select do |r|
    tile.rotate!(r)
    step.legal_tile_rotation?(entity, hex, tile)
  end
ensure
  tile.rotate!(0)
end

def yellow_table(game, step, entity, only = nil)
  yellows = game.tiles.select { |t| t.color == :yellow }.uniq(&:name).reject(&:blocks_lay)
  out = {}
  game.hexes.each do |hex|
    next if only && !only.include?(hex.id)

    row = {}
    yellows.each do |tile|
      next unless game.upgrades_to?(hex.tile, tile)

      rots = legal_rotations(game, step, entity, hex, tile)
      row[tile.name] = rots unless rots.empty?
    end
    out[hex.id] = row unless row.empty?
  end
  out
end

def plain_hex(game)
  game.hexes.find do |h|
    t = h.tile
    t.color == :white && t.nodes.empty? && t.paths.empty? && t.labels.empty? && t.upgrades.empty? &&
      t.borders.empty? && h.neighbors.size == 6
  end
end

def upgrade_table(game, step, entity)
  hex = plain_hex(game)
  return nil unless hex

  printed = hex.tile
  by_color = game.tiles.uniq(&:name).group_by(&:color)
  colors = Engine::Tile::COLORS
  out = {}
  %i[yellow green brown].each do |color|
    nxt = colors[colors.index(color) + 1]
    (by_color[color] || []).each do |old|
      ALL_ROTATIONS.each do |r|
        old.rotate!(r)
        hex.instance_variable_set(:@tile, old)
        old.hex = hex
        row = {}
        (by_color[nxt] || []).each do |new|
          next if new.blocks_lay || !game.upgrades_to?(old, new)

          rots = legal_rotations(game, step, entity, hex, new)
          row[new.name] = rots unless rots.empty?
        end
        out["#{old.name}@#{r}"] = row
      ensure
        old.hex = nil
        old.rotate!(0)
        hex.instance_variable_set(:@tile, printed)
      end
    end
  end
  { hex: hex.id, table: out }
end

def clock
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

# Both tables, each timed as the best of RUNS runs (the machine may be busy).
RUNS = 3

def tables(game)
  step = track_step(game)
  entity = game.corporations.first || game.minors.first
  yellow = upgrade = nil
  yellow_s = upgrade_s = Float::INFINITY
  RUNS.times do
    t0 = clock
    yellow = yellow_table(game, step, entity)
    t1 = clock
    upgrade = upgrade_table(game, step, entity)
    t2 = clock
    yellow_s = [yellow_s, t1 - t0].min
    upgrade_s = [upgrade_s, t2 - t1].min
  end
  { yellow: yellow, upgrade: upgrade, yellow_ms: yellow_s * 1000, upgrade_ms: upgrade_s * 1000,
    hexes: game.hexes.map(&:id), neighbors: game.hexes.to_h { |h| [h.id, h.all_neighbors.values.map(&:id)] },
    manifest: game.tiles.uniq(&:name).to_h { |t| [t.name, t.color.to_s] } }
end

def rules_tables(title)
  klass = Engine.game_by_title(title)
  game = rules_game(klass)
  quiet_round(game)
  found = overrides(game)
  out = { title: title, status: 'ok', overrides: found, setup_changed: setup_changed(game), setup_tiles: setup_tiles(game) }
  if found.any?
    plain = rules_game(klass, plain: true)
    quiet_round(plain)
    begin
      out.merge!(tables(game))
    rescue StandardError => e
      # the title's predicates cannot answer outside a running game: only the common ones do
      out[:override_error] = "#{e.class}: #{e.message.lines.first.to_s.strip[0, 160]}"
      out.merge!(tables(plain))
    end
    p = tables(plain)
    out[:plain_yellow] = p[:yellow]
    out[:plain_upgrade] = p[:upgrade]
  else
    out.merge!(tables(game))
  end
  out[:drawn] = drawn_hexes(klass, game)
  out
rescue StandardError, ScriptError => e
  { title: title, status: 'error', error: "#{e.class}: #{e.message.lines.first.to_s.strip[0, 200]}" }
end

# --- main -----------------------------------------------------------------------------------

mode, jobs_file = ARGV
result =
  case mode
  when 'titles' then titles
  when 'maps' then JSON.parse(File.read(jobs_file)).map { |j| compare_map(j['title'], j['file']) }
  when 'rules' then JSON.parse(File.read(jobs_file)).map { |j| rules_tables(j['title']) }
  else
    warn 'usage: engine_compare.rb titles | maps JOBS.json | rules JOBS.json'
    exit 2
  end
$stdout.write(JSON.generate(result))
$stdout.write("\n")
