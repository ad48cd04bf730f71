# frozen_string_literal: true

module Engine
  module Game
    module G1846
      module Map
        LAYOUT = :pointy

        TILES = { '7' => 4, '57' => 2, '14' => 2, '15' => 2 }.freeze

        HEXES = {
          white: {
            %w[C13 G11 H10 I13] => '',
            %w[C15 G9 B16 D20 G19 I15 E21 K3 F20 H12 E11 D14 E17 G7] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
