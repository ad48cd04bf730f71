# frozen_string_literal: true

# Every construct of the 18xx.games map language that Trackwright holds, on a small made-up map.
module Engine
  module Game
    module GConstructs
      module Map
        LAYOUT = :flat

        # names may come before the hexes they name, and name hexes that only a later constant defines
        LOCATION_NAMES = {
          'B2' => 'Portside',
          'C3' => "#{PREFIX} Junction",
          'Z99' => 'Nowhere',
        }.freeze

        PREFIX = 'Grand'
        WATER = 'upgrade=cost:40,terrain:water'
        CITY = 'city=revenue:0'

        TILES = {
          '7' => 'unlimited',
          '57' => 3,
          'X1' => {
            'count' => 1,
            'color' => 'purple',
            'code' => 'city=revenue:40,slots:2,loc:center;path=a:0,b:_0,track:dual;label=X;label=Y',
            'hidden' => true,
          },
          'X2' => {
            'count' => 2,
            'color' => 'yellow',
            'code' => 'town=revenue:10,style:dot;path=a:0,b:_0;path=a:_0,b:3;upgrade=cost:20,terrain:river;'\
                      'icon=image:port;frame=color:#ff0000',
          },
        }.freeze

        TILE_GROUPS = [%w[X1 X2], %w[7]].freeze

        HEXES = {
          white: {
            %w[A1 a2] => '',
            ['B2'] => "#{CITY};#{WATER};icon=image:port,sticky:1;border=edge:3,type:mountain,cost:60",
            ['B0'] => 'border=edge:0,type:mountain,cost:60',
            ['C3'] => 'city=revenue:20,groups:NY,visit_cost:0,route:optional,boom:1;'\
                      'town=revenue:10,to_city:1;path=a:0,b:_0,track:narrow;path=a:3,b:_1,terminal:2;'\
                      'upgrade=cost:80,terrain:mountain|river;border=edge:1;border=edge:2,type:province,cost:30,color:red',
            ['C5'] => 'halt=symbol:M,revenue:10,route:mandatory;junction;junction;path=a:0,b:_0;path=a:3,b:_1;'\
                      'path=a:4,b:_2;stub=edge:5;partition=a:0,b:3,type:water;future_label=label:T,color:green;'\
                      'stripes=color:white;border=edge:4,type:divider',
            ['D4'] => 'path=a:1,b:4,lanes:2;path=a:0,b:3,a_lane:2.0,b_lane:2.1;path=a:2,b:5,track:future;'\
                      'path=a:0,b:2,track:thin,ignore:1;border=edge:5,type:water,cost:20;border=edge:0,type:impassable',
            ['D6'] => 'upgrade=cost:20,terrain:cow_skull,size:2;upgrade=cost:10,terrain:swamp',
          },
          gray: {
            ['E5'] => 'offboard=revenue:yellow_30|brown_60,hide:1,groups:West;path=a:0,b:_0',
          },
          red: {
            ['E3'] => 'offboard=revenue:yellow_20|#FFFFFF_40,format:+%d,visit_cost:0,rows:2;path=a:5,b:_0;border=edge:4,type:offboard',
            ['E1'] => 'city=revenue:10,slots:0;path=a:1,b:_0',
            ['G2'] => 'offboard=revenue:50;icon=image:1846/20',
          },
          sepia: {
            ['F2'] => 'city=revenue:30;icon=image:18_gb/west,loc:hex,large:1,blocks_lay:1',
          },
          salmon: {
            ['F4'] => '',
          },
          empty: {
            ['F6'] => '',
          },
          yellow: {
            ['A3'] => 'path=a:0,b:3',
          },
        }.freeze

        def location_name(coord)
          LOCATION_NAMES[coord]
        end
      end
    end
  end
end
