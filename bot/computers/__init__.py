"""computers"""
