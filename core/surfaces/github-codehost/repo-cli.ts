// The seeded `harbor-cli` repository: the Python command line dispatchers script against the API,
// with its history on main, twelve issues and five pull requests.
import type { RepoPlan } from "./plan";

const README = `# harbor-cli

Command line access to Harborlight orders.

## Install

\`\`\`sh
pip install harbor-cli
\`\`\`

## Usage

\`\`\`sh
harbor orders list --status shipped
harbor orders show 1042
\`\`\`

Configuration lives in \`~/.config/harbor/config.toml\`.
`;

const MAIN = `import argparse
import sys

from harbor_cli.client import Client
from harbor_cli.config import load_config


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="harbor")
    sub = parser.add_subparsers(dest="command", required=True)
    orders = sub.add_parser("orders")
    orders_sub = orders.add_subparsers(dest="action", required=True)
    listing = orders_sub.add_parser("list")
    listing.add_argument("--status", choices=["pending", "shipped", "delivered"])
    show = orders_sub.add_parser("show")
    show.add_argument("order_id", type=int)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    client = Client(load_config())
    if args.action == "list":
        for order in client.list_orders(status=args.status):
            print(f"{order['id']}\\t{order['customer']}\\t{order['status']}")
    elif args.action == "show":
        print(client.get_order(args.order_id))
    return 0


if __name__ == "__main__":
    sys.exit(main())
`;

const CLIENT = `import json
import urllib.request


class Client:
    def __init__(self, config):
        self.base_url = config["api_url"].rstrip("/")
        self.token = config["token"]

    def _get(self, path):
        request = urllib.request.Request(
            self.base_url + path,
            headers={"Authorization": "Bearer " + self.token},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def list_orders(self, status=None):
        orders = self._get("/orders")
        if status:
            orders = [o for o in orders if o["status"] == status]
        return orders

    def get_order(self, order_id):
        return self._get(f"/orders/{order_id}")
`;

const CONFIG = `import os
import tomllib
from pathlib import Path

DEFAULT_PATH = Path.home() / ".config" / "harbor" / "config.toml"


def load_config(path=None):
    path = Path(path or os.environ.get("HARBOR_CONFIG", DEFAULT_PATH))
    with open(path, "rb") as handle:
        config = tomllib.load(handle)
    config.setdefault("api_url", "https://api.harborlight.dev")
    return config
`;

const TEST_CONFIG = `from harbor_cli.config import load_config


def test_default_api_url(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('token = "abc"\\n')
    config = load_config(path)
    assert config["api_url"] == "https://api.harborlight.dev"
`;

const PYPROJECT = `[project]
name = "harbor-cli"
version = "0.4.1"
requires-python = ">=3.11"

[project.scripts]
harbor = "harbor_cli.main:main"
`;

export const HARBOR_CLI: RepoPlan = {
  name: "harbor-cli",
  description: "Command line client for the Harborlight order API",
  language: "Python",
  createdAt: "2024-09-16T10:00:00Z",
  milestones: [
    {
      title: "0.5",
      description: "Output formats and retries",
      state: "open",
      dueOn: "2025-02-28T00:00:00Z",
    },
  ],
  history: [
    {
      at: "2024-09-16T10:20:00Z",
      by: "liam",
      message: "First version of the harbor command",
      changes: [
        { path: "README.md", content: README },
        { path: "pyproject.toml", content: PYPROJECT },
        { path: "harbor_cli/__init__.py", content: '__version__ = "0.4.1"\n' },
        { path: "harbor_cli/main.py", content: MAIN },
        { path: "harbor_cli/client.py", content: CLIENT },
        { path: "harbor_cli/config.py", content: CONFIG },
        { path: "tests/test_config.py", content: TEST_CONFIG },
      ],
    },
    {
      at: "2024-10-10T12:00:00Z",
      by: "grace",
      message: "Test that HARBOR_CONFIG overrides the default path",
      changes: [
        {
          path: "tests/test_config.py",
          from: '    assert config["api_url"] == "https://api.harborlight.dev"\n',
          to: '    assert config["api_url"] == "https://api.harborlight.dev"\n\n\ndef test_env_override(tmp_path, monkeypatch):\n    path = tmp_path / "other.toml"\n    path.write_text(\'token = "xyz"\\n\')\n    monkeypatch.setenv("HARBOR_CONFIG", str(path))\n    assert load_config()["token"] == "xyz"\n',
        },
      ],
    },
    {
      at: "2024-11-21T16:30:00Z",
      by: "liam",
      message: "Raise the request timeout to 30 seconds",
      changes: [{ path: "harbor_cli/client.py", from: "timeout=10", to: "timeout=30" }],
    },
  ],
  issues: [
    {
      title: "Support JSON output",
      body: "Scripts want `harbor orders list --format json` instead of tab-separated text.",
      by: "noah",
      at: "2024-09-23T09:00:00Z",
      labels: ["enhancement"],
      assignees: ["liam"],
      milestone: "0.5",
      comments: [
        {
          by: "liam",
          at: "2024-09-23T11:20:00Z",
          body: "Happy to add --format json and --format csv together.",
        },
      ],
    },
    {
      title: "Crash with a traceback when the token is wrong",
      body: "A 401 from the API prints a full urllib traceback. The CLI should say the token was rejected and exit with status 2.",
      by: "aisha",
      at: "2024-09-30T15:10:00Z",
      labels: ["bug"],
      assignees: [],
      milestone: "0.5",
    },
    {
      title: "Status filter is applied client side",
      body: "`--status shipped` downloads every order and filters locally. The API should filter.",
      by: "priya",
      at: "2024-10-07T10:30:00Z",
      labels: ["performance"],
      assignees: [],
    },
    {
      title: "Timeouts on slow connections",
      body: "Dispatchers on the warehouse wifi hit the 10 second timeout regularly.",
      by: "grace",
      at: "2024-10-16T08:20:00Z",
      closedAt: "2024-11-21T16:35:00Z",
      labels: ["bug"],
      assignees: ["liam"],
    },
    {
      title: "Retry idempotent requests",
      body: "GET requests could be retried with backoff on connection errors and 502/503 answers.",
      by: "noah",
      at: "2024-10-24T13:40:00Z",
      labels: ["enhancement", "help wanted"],
      assignees: [],
      milestone: "0.5",
    },
    {
      title: "README install instructions miss pipx",
      body: "Most of us install CLIs with pipx; the README should show both.",
      by: "omar",
      at: "2024-10-31T09:50:00Z",
      labels: ["documentation", "good first issue"],
      assignees: [],
    },
    {
      title: "Python 3.10 support",
      body: "Two warehouses still run Ubuntu 22.04 with Python 3.10, which lacks tomllib.",
      by: "daniel",
      at: "2024-11-08T11:15:00Z",
      labels: ["question"],
      assignees: [],
      comments: [
        {
          by: "liam",
          at: "2024-11-08T12:00:00Z",
          body: "We could fall back to the tomli package on 3.10.",
        },
        { by: "daniel", at: "2024-11-09T08:10:00Z", body: "That works for us." },
      ],
    },
    {
      title: "Config file permissions are not checked",
      body: "The config file holds the API token but we never warn when it is world-readable.",
      by: "aisha",
      at: "2024-11-15T14:00:00Z",
      labels: ["security"],
      assignees: ["aisha"],
    },
    {
      title: "`orders show` prints a Python dict",
      body: "The show command prints `{'id': 1042, ...}`. It should print a readable block of fields.",
      by: "sofia",
      at: "2024-11-22T10:05:00Z",
      labels: ["bug", "good first issue"],
      assignees: [],
    },
    {
      title: "Shell completion",
      body: "Bash and zsh completion for subcommands and statuses would save a lot of typing.",
      by: "tomas",
      at: "2024-12-03T09:30:00Z",
      labels: ["enhancement"],
      assignees: [],
    },
    {
      title: "Publish to the internal package index",
      body: "Release builds should be uploaded to the internal index so warehouses can pin versions.",
      by: "daniel",
      at: "2024-12-06T16:45:00Z",
      closedAt: "2024-12-13T10:00:00Z",
      labels: ["enhancement"],
      assignees: ["daniel"],
    },
    {
      title: "Tests fail on Windows",
      body: "`test_default_api_url` fails on Windows because the temporary path contains backslashes that TOML reads as escapes.",
      by: "grace",
      at: "2024-12-12T11:25:00Z",
      labels: ["bug"],
      assignees: ["grace"],
    },
  ],
  pulls: [
    {
      title: "Add --format json to orders list",
      body: "Adds a `--format` option with `text` (default) and `json`.",
      by: "liam",
      at: "2024-11-28T10:00:00Z",
      branch: "json-output",
      commits: [
        {
          at: "2024-11-28T09:40:00Z",
          by: "liam",
          message: "Add the --format option",
          changes: [
            {
              path: "harbor_cli/main.py",
              from: '    listing.add_argument("--status", choices=["pending", "shipped", "delivered"])',
              to: '    listing.add_argument("--status", choices=["pending", "shipped", "delivered"])\n    listing.add_argument("--format", choices=["text", "json"], default="text")',
            },
            {
              path: "harbor_cli/main.py",
              from: "import argparse\nimport sys\n",
              to: "import argparse\nimport json\nimport sys\n",
            },
            {
              path: "harbor_cli/main.py",
              from: "        for order in client.list_orders(status=args.status):\n",
              to: '        orders = client.list_orders(status=args.status)\n        if args.format == "json":\n            print(json.dumps(orders, indent=2))\n            return 0\n        for order in orders:\n',
            },
          ],
        },
      ],
      state: "open",
      labels: ["enhancement"],
      assignees: ["liam"],
      reviews: [
        {
          by: "noah",
          at: "2024-11-29T08:00:00Z",
          state: "APPROVED",
          body: "Exactly what the nightly report needs.",
        },
      ],
      checks: { "ci/test": "success", "ci/lint": "success" },
    },
    {
      title: "Friendly message for rejected tokens",
      body: "Catch HTTPError 401 and print a one-line message.",
      by: "aisha",
      at: "2024-12-02T13:00:00Z",
      branch: "friendly-401",
      commits: [
        {
          at: "2024-12-02T12:50:00Z",
          by: "aisha",
          message: "Explain a 401 instead of a traceback",
          changes: [
            {
              path: "harbor_cli/client.py",
              from: "import json\nimport urllib.request\n",
              to: "import json\nimport urllib.error\nimport urllib.request\n\n\nclass TokenRejected(Exception):\n    pass\n",
            },
            {
              path: "harbor_cli/client.py",
              from: "        with urllib.request.urlopen(request, timeout=30) as response:\n            return json.load(response)",
              to: '        try:\n            with urllib.request.urlopen(request, timeout=30) as response:\n                return json.load(response)\n        except urllib.error.HTTPError as error:\n            if error.code == 401:\n                raise TokenRejected("The API rejected your token.") from error\n            raise',
            },
          ],
        },
      ],
      state: "open",
      labels: ["bug"],
      assignees: ["aisha"],
      reviews: [
        {
          by: "liam",
          at: "2024-12-03T09:10:00Z",
          state: "CHANGES_REQUESTED",
          body: "main() still needs to catch TokenRejected and exit with status 2.",
          comments: [
            { path: "harbor_cli/client.py", line: 6, body: "Maybe subclass RuntimeError?" },
          ],
        },
      ],
      checks: { "ci/test": "success", "ci/lint": "failure" },
    },
    {
      title: "Raise timeout to 60 seconds",
      body: "Warehouse wifi needs more than 10 seconds.",
      by: "grace",
      at: "2024-10-17T09:00:00Z",
      branch: "longer-timeout",
      commits: [
        {
          at: "2024-10-17T08:55:00Z",
          by: "grace",
          message: "Wait up to 60 seconds",
          changes: [{ path: "harbor_cli/client.py", from: "timeout=10", to: "timeout=60" }],
        },
      ],
      state: "open",
      labels: [],
      assignees: [],
      reviews: [
        {
          by: "liam",
          at: "2024-10-18T10:00:00Z",
          state: "COMMENTED",
          body: "60 feels long; I went with 30 on main.",
        },
      ],
      checks: { "ci/test": "success" },
    },
    {
      title: "Pretty-print orders show",
      body: "Prints one `field: value` line per field.",
      by: "omar",
      at: "2024-12-09T10:00:00Z",
      branch: "pretty-show",
      commits: [
        {
          at: "2024-12-09T09:50:00Z",
          by: "omar",
          message: "Print order fields line by line",
          changes: [
            {
              path: "harbor_cli/main.py",
              from: "        print(client.get_order(args.order_id))",
              to: '        for key, value in client.get_order(args.order_id).items():\n            print(f"{key}: {value}")',
            },
          ],
        },
      ],
      state: "merged",
      closedAt: "2024-12-10T15:00:00Z",
      mergedBy: "liam",
      labels: ["bug"],
      assignees: ["omar"],
      reviews: [
        { by: "liam", at: "2024-12-10T14:40:00Z", state: "APPROVED", body: "Thanks Omar!" },
      ],
      checks: { "ci/test": "success", "ci/lint": "success" },
    },
    {
      title: "Fall back to tomli on Python 3.10",
      body: "Imports tomli when tomllib is missing.",
      by: "liam",
      at: "2024-12-14T09:00:00Z",
      branch: "tomli-fallback",
      commits: [
        {
          at: "2024-12-14T08:45:00Z",
          by: "liam",
          message: "Import tomli on 3.10",
          changes: [
            {
              path: "harbor_cli/config.py",
              from: "import tomllib\n",
              to: "try:\n    import tomllib\nexcept ModuleNotFoundError:\n    import tomli as tomllib\n",
            },
          ],
        },
      ],
      state: "open",
      labels: ["enhancement"],
      assignees: ["liam"],
      checks: { "ci/test": "pending" },
    },
  ],
};
