# frozen_string_literal: true

module Engine
  module Game
    module GFirst
      module Map
        LAYOUT = :pointy
        LOCATION_NAMES = { 'B2' => 'Harbour', 'C3' => 'Mill' }.freeze
        HEXES = { white: { %w[B2 C3] => 'city=revenue:0' } }.freeze
      end
    end
  end
end
