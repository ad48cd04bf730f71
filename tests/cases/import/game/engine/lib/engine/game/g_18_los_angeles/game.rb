# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'
require_relative '../g_1846/game'

module Engine
  module Game
    module G18LosAngeles
      class Game < G1846::Game
        include_meta(G18LosAngeles::Meta)
        include Entities
        include Map
        include StubsAreRestricted

        HOME_TOKEN_TIMING = :par
      end
    end
  end
end
