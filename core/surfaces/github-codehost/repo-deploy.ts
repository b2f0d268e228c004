// The seeded `deploy-tools` repository: Harborlight's Go rollout tool and release script, with its
// history on main, eleven issues and four pull requests.
import type { RepoPlan } from "./plan";

const README = `# deploy-tools

Rollout tooling for Harborlight services.

- \`cmd/deploy\`: rolls a service out to a cluster in batches
- \`scripts/release.sh\`: tags a release and pushes the image

Run \`go run ./cmd/deploy --service harbor-api --batch 2\` to try a dry run.
`;

const MAIN = `package main

import (
\t"flag"
\t"fmt"
\t"os"

\t"github.com/harborlight/deploy-tools/internal/rollout"
)

func main() {
\tservice := flag.String("service", "", "service to deploy")
\tbatch := flag.Int("batch", 1, "instances per batch")
\tdryRun := flag.Bool("dry-run", true, "print the plan without deploying")
\tflag.Parse()

\tif *service == "" {
\t\tfmt.Fprintln(os.Stderr, "--service is required")
\t\tos.Exit(2)
\t}
\tplan := rollout.Plan(*service, 6, *batch)
\tfor i, step := range plan {
\t\tfmt.Printf("batch %d: %v\\n", i+1, step)
\t}
\tif !*dryRun {
\t\trollout.Apply(plan)
\t}
}
`;

const ROLLOUT = `package rollout

import "fmt"

// Plan splits a service's instances into batches of at most size.
func Plan(service string, instances, size int) [][]string {
\tvar batches [][]string
\tfor start := 0; start < instances; start += size {
\t\tvar batch []string
\t\tfor i := start; i < start+size && i < instances; i++ {
\t\t\tbatch = append(batch, fmt.Sprintf("%s-%d", service, i))
\t\t}
\t\tbatches = append(batches, batch)
\t}
\treturn batches
}

// Apply deploys each batch in turn.
func Apply(batches [][]string) {
\tfor _, batch := range batches {
\t\tfor _, instance := range batch {
\t\t\tfmt.Println("deploying", instance)
\t\t}
\t}
}
`;

const ROLLOUT_TEST = `package rollout

import "testing"

func TestPlanBatches(t *testing.T) {
\tplan := Plan("api", 5, 2)
\tif len(plan) != 3 {
\t\tt.Fatalf("want 3 batches, got %d", len(plan))
\t}
}
`;

const RELEASE = `#!/usr/bin/env bash
set -euo pipefail

VERSION="$1"
git tag -a "v$VERSION" -m "Release $VERSION"
git push origin "v$VERSION"
docker build -t "registry.harborlight.dev/$SERVICE:$VERSION" .
docker push "registry.harborlight.dev/$SERVICE:$VERSION"
`;

const GO_MOD = `module github.com/harborlight/deploy-tools

go 1.22
`;

export const DEPLOY_TOOLS: RepoPlan = {
  name: "deploy-tools",
  description: "Rollout and release tooling for Harborlight services",
  language: "Go",
  createdAt: "2024-08-20T07:30:00Z",
  milestones: [
    {
      title: "Q1 rollout safety",
      description: "Health gates and rollbacks",
      state: "open",
      dueOn: "2025-03-31T00:00:00Z",
    },
  ],
  history: [
    {
      at: "2024-08-20T07:45:00Z",
      by: "tomas",
      message: "Batch rollout planner and release script",
      changes: [
        { path: "README.md", content: README },
        { path: "go.mod", content: GO_MOD },
        { path: "cmd/deploy/main.go", content: MAIN },
        { path: "internal/rollout/rollout.go", content: ROLLOUT },
        { path: "internal/rollout/rollout_test.go", content: ROLLOUT_TEST },
        { path: "scripts/release.sh", content: RELEASE },
      ],
    },
    {
      at: "2024-09-12T10:15:00Z",
      by: "daniel",
      message: "Check that SERVICE is set in the release script",
      changes: [
        {
          path: "scripts/release.sh",
          from: 'VERSION="$1"\n',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: text of a seeded source file, not a template
          to: 'VERSION="$1"\n: "${SERVICE:?set SERVICE to the service to release}"\n',
        },
      ],
    },
    {
      at: "2024-10-30T14:00:00Z",
      by: "tomas",
      message: "Reject a batch size below one",
      changes: [
        {
          path: "cmd/deploy/main.go",
          from: "\tplan := rollout.Plan(*service, 6, *batch)",
          to: '\tif *batch < 1 {\n\t\tfmt.Fprintln(os.Stderr, "--batch must be at least 1")\n\t\tos.Exit(2)\n\t}\n\tplan := rollout.Plan(*service, 6, *batch)',
        },
      ],
    },
  ],
  issues: [
    {
      title: "Instance count is hard-coded to 6",
      body: "`rollout.Plan` always gets 6 instances. Read the real count from the cluster or take an --instances flag.",
      by: "daniel",
      at: "2024-09-03T09:00:00Z",
      labels: ["bug"],
      assignees: ["tomas"],
      milestone: "Q1 rollout safety",
    },
    {
      title: "Health check between batches",
      body: "The next batch should only start once the previous one passes its health checks.",
      by: "tomas",
      at: "2024-09-19T12:40:00Z",
      labels: ["enhancement"],
      assignees: ["tomas"],
      milestone: "Q1 rollout safety",
      comments: [
        {
          by: "priya",
          at: "2024-09-19T14:00:00Z",
          body: "harbor-api will have /healthz soon, you can probe that.",
        },
      ],
    },
    {
      title: "Batch size zero loops forever",
      body: "`--batch 0` makes Plan loop forever because start never advances.",
      by: "grace",
      at: "2024-10-25T08:30:00Z",
      closedAt: "2024-10-30T14:05:00Z",
      labels: ["bug"],
      assignees: ["tomas"],
    },
    {
      title: "Automatic rollback on failed batch",
      body: "If a batch fails its health check, roll the already-updated instances back to the previous image.",
      by: "daniel",
      at: "2024-11-04T10:00:00Z",
      labels: ["enhancement", "help wanted"],
      assignees: [],
      milestone: "Q1 rollout safety",
    },
    {
      title: "release.sh pushes the tag before the image builds",
      body: "If the docker build fails we are left with a pushed tag and no image. Build first, tag after.",
      by: "noah",
      at: "2024-11-14T15:30:00Z",
      labels: ["bug"],
      assignees: [],
    },
    {
      title: "Document the dry-run default",
      body: "People are surprised that deploy does nothing unless --dry-run=false is given. Put it in the README.",
      by: "omar",
      at: "2024-11-20T09:10:00Z",
      labels: ["documentation", "good first issue"],
      assignees: [],
    },
    {
      title: "Sign release images",
      body: "Sign pushed images with cosign so clusters can verify them.",
      by: "aisha",
      at: "2024-11-26T11:45:00Z",
      labels: ["security", "enhancement"],
      assignees: ["aisha"],
    },
    {
      title: "Go 1.23 upgrade",
      body: "Move go.mod to 1.23 with the rest of the services.",
      by: "tomas",
      at: "2024-12-02T13:00:00Z",
      closedAt: "2024-12-04T09:30:00Z",
      labels: ["dependencies"],
      assignees: ["tomas"],
    },
    {
      title: "Slack notification when a rollout finishes",
      body: "Post to #deploys with the service, version and duration.",
      by: "priya",
      at: "2024-12-05T16:20:00Z",
      labels: ["enhancement"],
      assignees: [],
    },
    {
      title: "Plan output is hard to read",
      body: "`batch 1: [api-0 api-1]` is fine for two instances but unreadable for forty. Print one instance per line?",
      by: "yuki",
      at: "2024-12-10T10:50:00Z",
      labels: ["question"],
      assignees: [],
    },
    {
      title: "Flaky rollout test on CI",
      body: "TestPlanBatches passed locally but timed out once on CI. Possibly the runner was starved.",
      by: "grace",
      at: "2024-12-18T08:15:00Z",
      labels: ["bug"],
      assignees: ["grace"],
    },
  ],
  pulls: [
    {
      title: "Guard against a zero batch size",
      body: "Validates --batch before planning.\n\nFixes #{Batch size zero loops forever}",
      by: "tomas",
      at: "2024-10-28T16:00:00Z",
      branch: "zero-batch",
      commits: [
        {
          at: "2024-10-28T15:50:00Z",
          by: "tomas",
          message: "Return no batches for size below one",
          changes: [
            {
              path: "internal/rollout/rollout.go",
              from: "\tvar batches [][]string\n",
              to: "\tvar batches [][]string\n\tif size < 1 {\n\t\treturn batches\n\t}\n",
            },
          ],
        },
      ],
      state: "merged",
      closedAt: "2024-10-30T13:50:00Z",
      mergedBy: "daniel",
      labels: ["bug"],
      assignees: ["tomas"],
      reviews: [{ by: "daniel", at: "2024-10-29T09:00:00Z", state: "APPROVED", body: "LGTM." }],
      checks: { "ci/go-test": "success" },
    },
    {
      title: "Take the instance count from a flag",
      body: "Adds --instances (default 6) until we can read it from the cluster.",
      by: "tomas",
      at: "2024-12-11T10:00:00Z",
      branch: "instances-flag",
      commits: [
        {
          at: "2024-12-11T09:45:00Z",
          by: "tomas",
          message: "Add the --instances flag",
          changes: [
            {
              path: "cmd/deploy/main.go",
              from: '\tbatch := flag.Int("batch", 1, "instances per batch")',
              to: '\tbatch := flag.Int("batch", 1, "instances per batch")\n\tinstances := flag.Int("instances", 6, "instances of the service")',
            },
            {
              path: "cmd/deploy/main.go",
              from: "rollout.Plan(*service, 6, *batch)",
              to: "rollout.Plan(*service, *instances, *batch)",
            },
          ],
        },
      ],
      state: "open",
      labels: ["bug"],
      assignees: ["tomas"],
      reviews: [
        { by: "daniel", at: "2024-12-12T08:30:00Z", state: "APPROVED", body: "Good stopgap." },
        {
          by: "priya",
          at: "2024-12-12T10:00:00Z",
          state: "COMMENTED",
          body: "Can we log the instance count at startup?",
        },
      ],
      checks: { "ci/go-test": "success" },
    },
    {
      title: "Build the image before tagging",
      body: "Moves the docker build and push ahead of the git tag.",
      by: "noah",
      at: "2024-11-21T11:30:00Z",
      branch: "build-before-tag",
      commits: [
        {
          at: "2024-11-21T11:20:00Z",
          by: "noah",
          message: "Tag only after the image is pushed",
          changes: [
            {
              path: "scripts/release.sh",
              from: 'git tag -a "v$VERSION" -m "Release $VERSION"\ngit push origin "v$VERSION"\ndocker build -t "registry.harborlight.dev/$SERVICE:$VERSION" .\ndocker push "registry.harborlight.dev/$SERVICE:$VERSION"\n',
              to: 'docker build -t "registry.harborlight.dev/$SERVICE:$VERSION" .\ndocker push "registry.harborlight.dev/$SERVICE:$VERSION"\ngit tag -a "v$VERSION" -m "Release $VERSION"\ngit push origin "v$VERSION"\n',
            },
          ],
        },
      ],
      state: "open",
      labels: ["bug"],
      assignees: ["noah"],
      checks: { "ci/go-test": "success", "ci/shellcheck": "success" },
    },
    {
      title: "Upgrade to Go 1.23",
      body: "Bumps go.mod.",
      by: "tomas",
      at: "2024-12-03T09:00:00Z",
      branch: "go-1-23",
      commits: [
        {
          at: "2024-12-03T08:55:00Z",
          by: "tomas",
          message: "go 1.23",
          changes: [{ path: "go.mod", from: "go 1.22", to: "go 1.23" }],
        },
      ],
      state: "merged",
      closedAt: "2024-12-04T09:25:00Z",
      mergedBy: "tomas",
      labels: ["dependencies"],
      assignees: ["tomas"],
      checks: { "ci/go-test": "success" },
    },
  ],
};
