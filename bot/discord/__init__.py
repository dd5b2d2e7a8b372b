"""discord"""
