"""The end-scoring network in torch, as a MaskablePPO policy (``net.kind: end_scoring``).

Its numpy twin, the one that plays, and the reasons for its shape are in
``travel_envs/agents/end_scoring.py``; the state dict's names are the contract between the two.
The trunk and the value network are SB3's MLPs (``net.pi``, ``net.vf``); the actor's latent is
the trunk's output followed by the observation's per-location and per-plan blocks, which the head
(the ``action_net``) scores pair by pair.
"""

from __future__ import annotations

import torch as th
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn

from travel_envs.agents.end_scoring import DEFAULT_HEAD, check_layout


def _mlp(sizes_in: int, sizes: list[int], activation_fn) -> nn.Sequential:
    layers, last = [], sizes_in
    for size in sizes:
        layers += [nn.Linear(last, size), activation_fn()]
        last = size
    return nn.Sequential(*layers)


class EndScoringExtractor(nn.Module):
    """SB3's ``mlp_extractor`` for the end-scoring policy: the actor's latent carries the blocks."""

    def __init__(self, feature_dim: int, net_arch: dict, activation_fn, layout: dict) -> None:
        super().__init__()
        pi, vf = list(net_arch["pi"]), list(net_arch["vf"])
        if not pi or not vf:
            raise ValueError("net.pi and net.vf need at least one layer each for net.kind end_scoring")
        self.policy_net = _mlp(feature_dim, pi, activation_fn)
        self.value_net = _mlp(feature_dim, vf, activation_fn)
        L = layout
        self.blocks = (L["loc_start"], L["plan_start"] + L["plan_rows"] * L["num_locations"] * L["plan_values"])
        self.latent_dim_pi = pi[-1] + self.blocks[1] - self.blocks[0]
        self.latent_dim_vf = vf[-1]

    def forward_actor(self, features: th.Tensor) -> th.Tensor:
        return th.cat([self.policy_net(features), features[:, self.blocks[0]:self.blocks[1]]], dim=1)

    def forward_critic(self, features: th.Tensor) -> th.Tensor:
        return self.value_net(features)

    def forward(self, features: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)


class EndScoringHead(nn.Module):
    """The ``action_net``: logits from the trunk, plus each location's and each plan row's scores."""

    def __init__(self, trunk_dim: int, num_actions: int, layout: dict, context: int, location_embedding: int,
                 row_embedding: int, scorer: list[int]) -> None:
        super().__init__()
        L = self.layout = layout
        self.trunk_dim = trunk_dim
        self.linear = nn.Linear(trunk_dim, num_actions)
        self.context = nn.Linear(trunk_dim, context)
        self.location_embedding = nn.Parameter(th.randn(L["num_locations"], location_embedding) * 0.1)
        self.row_embedding = nn.Parameter(th.randn(L["plan_rows"], row_embedding) * 0.1)
        width = L["loc_features"] + L["plan_values"] + location_embedding + row_embedding + context
        layers: list[nn.Module] = []
        for size in scorer:
            layers += [nn.Linear(width, size), nn.ReLU()]
            width = size
        self.scorer = nn.Sequential(*layers, nn.Linear(width, 1))

    def forward(self, latent: th.Tensor) -> th.Tensor:
        L = self.layout
        n, F, K, V = L["num_locations"], L["loc_features"], L["plan_rows"], L["plan_values"]
        B = latent.shape[0]
        h = latent[:, :self.trunk_dim]
        blocks = latent[:, self.trunk_dim:]
        feats = blocks[:, :n * F].reshape(B, 1, n, F).expand(B, K, n, F)
        offset = L["plan_start"] - L["loc_start"]
        plan = blocks[:, offset:offset + K * n * V].reshape(B, K, n, V)
        parts = [feats, plan, self.location_embedding.reshape(1, 1, n, -1).expand(B, K, n, -1),
                 self.row_embedding.reshape(1, K, 1, -1).expand(B, K, n, -1),
                 self.context(h).reshape(B, 1, 1, -1).expand(B, K, n, -1)]
        score = self.scorer(th.cat(parts, dim=-1)).squeeze(-1)  # B, K, n
        logits = self.linear(h)
        a0, r0 = L["loc_action"], L["row_action"]
        reach = plan[:, 1:, :, 0] > 0
        best = th.logsumexp(score[:, 1:].masked_fill(~reach, -1e9), dim=-1)
        best = th.where(reach.any(dim=-1), best, th.zeros_like(best))
        add = th.zeros_like(logits)
        add[:, a0:a0 + n] = score[:, 0]
        add[:, r0:r0 + K - 1] = best
        return logits + add


class EndScoringPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's policy with the end-scoring actor (``layout`` from the game's
    ``end_scoring_layout()``, ``head``: sizes overriding :data:`DEFAULT_HEAD`)."""

    def __init__(self, *args, layout: dict, head: dict | None = None, **kwargs) -> None:
        self.layout = check_layout(layout)
        self.head_sizes = {**DEFAULT_HEAD, **(head or {})}
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = EndScoringExtractor(self.features_dim, self.net_arch, self.activation_fn, self.layout)

    def _build(self, lr_schedule) -> None:
        super()._build(lr_schedule)
        trunk = self.net_arch["pi"][-1]
        self.action_net = EndScoringHead(trunk, int(self.action_space.n), self.layout, **self.head_sizes)
        # the optimizer must hold the head's parameters, not the placeholder layer's
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict:
        return {**super()._get_constructor_parameters(), "layout": self.layout, "head": self.head_sizes}

    def network_meta(self, activation: str) -> dict:
        """The ``network`` entry of the model's metadata (what the numpy player rebuilds it from)."""
        return {"kind": "end_scoring", "layout": dict(self.layout), "head": dict(self.head_sizes),
                "activation": activation}
