"""movements"""
