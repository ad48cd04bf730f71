# frozen_string_literal: true

module Engine
  module Game
    module G18LosAngeles
      module Map
        LAYOUT = :pointy

        TILES = { '7' => 4, '57' => 2, '14' => 2 }.freeze

        HEXES = {
          white: {
            %w[B7 C10 D7] => '',
            %w[A8 B9 C2 C6 C8 C12 D5 D13 E10 E12] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
