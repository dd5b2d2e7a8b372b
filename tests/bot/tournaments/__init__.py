"""Tests of the tournaments package: schedules, results, standings, the JSON it is stored as."""
