# frozen_string_literal: true

require_relative 'map'
require_relative '../g_first/game'

module Engine
  module Game
    module GFirst2
      class Game < GFirst::Game
        include Map
      end
    end
  end
end
