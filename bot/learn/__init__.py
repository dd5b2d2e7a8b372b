"""What players learn from and compete with, as plain data (no Discord): skill ratings, a player's record
from their stored hands, the help pages, and a reviewed hand put into words."""
