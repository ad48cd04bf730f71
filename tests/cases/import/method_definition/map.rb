module Map
  LAYOUT = :flat
  HEXES = { white: { ['A2'] => '' } }.freeze
  def location_name(coord)
    coord
  end
end
