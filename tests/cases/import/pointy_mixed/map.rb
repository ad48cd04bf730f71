# frozen_string_literal: true

# A small pointy-topped test map in the style of the engine's map.rb files.
module Engine
  module Game
    module GTestPointy
      module Map
        LAYOUT = :pointy
        AXES = { x: :number, y: :letter }.freeze

        TILES = {
          '7' => 4,
          '8' => 8,
          '9' => 7,
          '57' => 'unlimited',
          '14' => 2,
          'X1' => {
            'count' => 1,
            'color' => 'green',
            'code' => 'city=revenue:40,slots:2;path=a:0,b:_0;path=a:3,b:_0;label=NY',
          },
        }.freeze

        LOCATION_NAMES = {
          'D2' => 'Lansing',
          'F4' => "Toledo",
          'F2' => 'Chicago',
        }.freeze

        HEXES = {
          red: {
            ['F2'] => 'offboard=revenue:yellow_30|brown_50,groups:West;path=a:4,b:_0;path=a:5,b:_0',
          },
          gray: {
            ['A1'] => 'town=revenue:10;path=a:0,b:_0;path=a:4,b:_0', # fixed track
          },
          white: {
            %w[B2 C3
               D4] => '',
            ['D2'] => 'city=revenue:0;border=edge:4,type:impassable',
            ['C5'] => 'upgrade=cost:80,terrain:mountain',
            ['E3'] => 'town=revenue:0;town=revenue:0;border=edge:5,type:water,cost:20',
            ['E5'] => 'icon=image:port,sticky:1',
          },
          yellow: {
            ['F4'] => 'city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=OO',
          },
          green: {
            ['B6'] => 'town=revenue:10;city=revenue:40,slots:2;path=a:0,b:_1;path=a:_0,b:_1;path=a:3,b:_0',
          },
          blue: {
            ['B4'] => 'junction;path=a:2,b:_0,terminal:1',
          },
        }.freeze
      end
    end
  end
end
