# frozen_string_literal: true

# A small stand-in for 1848 (the title's name picks the import's adapter): COM, whose two homes
# the title's code places (Sydney F17, Adelaide G6), and privates of each kind of ability.
module Engine
  module Game
    module G1848
      module Meta
        include Game::Meta

        GAME_TITLE = '1848'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
