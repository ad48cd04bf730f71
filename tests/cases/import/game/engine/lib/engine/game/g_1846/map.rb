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
          red: {
            ['B18'] => 'offboard=revenue:yellow_30|brown_50,groups:E;icon=image:1846/20;path=a:1,b:_0;label=E',
            ['C5'] => 'offboard=revenue:yellow_20|brown_40;icon=image:1846/50;path=a:5,b:_0;label=W;icon=image:port',
          },
        }.freeze
      end
    end
  end
end
