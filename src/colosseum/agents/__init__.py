"""Agents: who decides for a seat. `make_agent("heuristic", game_id)` builds one by name."""

from .base import Agent, RandomAgent
from .registry import AGENT_NAMES, InvalidAgent, make_agent, parse_agent_spec

__all__ = ["AGENT_NAMES", "Agent", "InvalidAgent", "RandomAgent", "make_agent", "parse_agent_spec"]
