# frozen_string_literal: true

module Engine
  module Game
    module G1882
      module Map
        LAYOUT = :flat

        TILES = { '8' => 2 }.freeze

        HEXES = {
          white: {
            %w[B2] => 'icon=image:1882/NWR,sticky:1',
            %w[D2] => '',
            %w[C1 C3 E1 E3] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
