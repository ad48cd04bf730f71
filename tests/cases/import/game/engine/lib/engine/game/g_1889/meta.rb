# frozen_string_literal: true

# A small stand-in for 1889 (the title's name picks the import's 1889 adapter): one corporation,
# a few plain hexes, and the beginner tiles that Game#optional_tiles keeps only in a beginner game.
module Engine
  module Game
    module G1889
      module Meta
        include Game::Meta

        GAME_TITLE = '1889'
        PLAYER_RANGE = [2, 2].freeze
        OPTIONAL_RULES = [{ sym: :beginner_game, short_name: 'Beginner Game' }].freeze
      end
    end
  end
end
