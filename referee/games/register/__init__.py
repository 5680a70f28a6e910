"""The Register: offices and their holders, players' standing, changed by announcement."""
