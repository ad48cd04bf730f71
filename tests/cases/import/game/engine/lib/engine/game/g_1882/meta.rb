# frozen_string_literal: true

# A small stand-in for 1882 (the title's name picks the import's adapter): CN's neutral tokens,
# the NWR's token removal, Canadian Pacific's share of CPR, a private closing in a later phase.
module Engine
  module Game
    module G1882
      module Meta
        include Game::Meta

        GAME_TITLE = '1882'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
