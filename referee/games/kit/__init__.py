"""What every game shares: rule quotes, grids and coordinates, JSON codecs, typed options."""
