# frozen_string_literal: true

require_relative 'map'

module Engine
  module Game
    module GFirst
      class Game < Game::Base
        include Map

        TILES = { '7' => 2, '57' => 'unlimited' }.freeze
      end
    end
  end
end
