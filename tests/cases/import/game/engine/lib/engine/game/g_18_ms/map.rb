# frozen_string_literal: true

module Engine
  module Game
    module G18MS
      module Map
        LAYOUT = :pointy

        TILES = { '7' => 6 }.freeze

        HEXES = {
          white: {
            %w[A2 A4 B3 C2 C4] => '',
            %w[B1 D3] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
