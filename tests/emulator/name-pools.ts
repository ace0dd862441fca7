// Word lists for the seeded directory. Realistic on purpose; none of them may form ANCHORS.notFound.

import type { Role } from './types';

export const FIRST_NAMES = [
  'Aaron', 'Abigail', 'Adrian', 'Aisha', 'Akira', 'Alejandro', 'Alexei', 'Alice', 'Amara', 'Amir',
  'Ana', 'Andre', 'Anika', 'Arjun', 'Astrid', 'Aylin', 'Bao', 'Beatriz', 'Benjamin', 'Bilal',
  'Bruno', 'Camila', 'Carlos', 'Chen', 'Chiara', 'Chloe', 'Chidi', 'Clara', 'Connor', 'Dalia',
  'Dante', 'Darius', 'David', 'Deepa', 'Diego', 'Dmitri', 'Elena', 'Eli', 'Elif', 'Emeka',
  'Emma', 'Ethan', 'Fatima', 'Felix', 'Farah', 'Gabriel', 'Giulia', 'Hana', 'Hannah', 'Haruto',
  'Hugo', 'Ibrahim', 'Ines', 'Ingrid', 'Isaac', 'Ivan', 'Jae', 'Jakob', 'James', 'Jasmine',
  'Javier', 'Jin', 'Joao', 'Jonas', 'Julia', 'Kai', 'Kamal', 'Karina', 'Kenji', 'Kwame',
  'Laila', 'Lars', 'Leila', 'Leon', 'Lina', 'Lucas', 'Luis', 'Maya', 'Malik', 'Marco',
  'Maria', 'Mateo', 'Mia', 'Mikhail', 'Min', 'Nadia', 'Naveen', 'Nia', 'Nikolai', 'Noah',
  'Nora', 'Olivia', 'Omar', 'Oscar', 'Pablo', 'Paolo', 'Quinn', 'Rafael', 'Rahul', 'Rania',
  'Ravi', 'Rina', 'Rohan', 'Rosa', 'Ryo', 'Samuel', 'Sana', 'Santiago', 'Sara', 'Sebastian',
  'Selin', 'Sergei', 'Shreya', 'Simone', 'Sven', 'Tariq', 'Tessa', 'Theo', 'Tobias', 'Valentina',
  'Victor', 'Vikram', 'Wei', 'Xavier', 'Yara', 'Yusuf', 'Yuki', 'Zara', 'Zoe', 'Zhang',
] as const;

export const LAST_NAMES = [
  'Abbott', 'Adeyemi', 'Agarwal', 'Alvarez', 'Andersen', 'Bakker', 'Banerjee', 'Barros', 'Becker', 'Bergstrom',
  'Bianchi', 'Brennan', 'Cardoso', 'Castillo', 'Chandra', 'Chowdhury', 'Costa', 'Dahl', 'Delgado', 'Dubois',
  'Eriksen', 'Esposito', 'Farouk', 'Fischer', 'Fonseca', 'Gallagher', 'Garcia', 'Goldberg', 'Gupta', 'Haddad',
  'Hansen', 'Hartmann', 'Hoang', 'Horvat', 'Ibarra', 'Ivanova', 'Jansen', 'Jovanovic', 'Kapoor', 'Kato',
  'Kaur', 'Keller', 'Khan', 'Kim', 'Kowalski', 'Kruger', 'Larsen', 'Laurent', 'Lee', 'Lindgren',
  'Lopez', 'Mahmoud', 'Marino', 'Mendes', 'Meyer', 'Mishra', 'Molina', 'Moreau', 'Murphy', 'Nakamura',
  'Navarro', 'Nguyen', 'Nielsen', 'Novak', 'Nwosu', 'Oliveira', 'Osei', 'Park', 'Patel', 'Pereira',
  'Petrov', 'Popescu', 'Quinteros', 'Rahman', 'Ramos', 'Reddy', 'Ricci', 'Rossi', 'Sato', 'Schmidt',
  'Schneider', 'Shah', 'Silva', 'Singh', 'Sokolov', 'Suzuki', 'Takahashi', 'Tan', 'Torres', 'Tran',
  'Ueda', 'Vargas', 'Vasquez', 'Verma', 'Vogel', 'Volkov', 'Wagner', 'Walsh', 'Watanabe', 'Weber',
  'Wong', 'Wu', 'Yamamoto', 'Yilmaz', 'Young', 'Zhou', 'Zielinski', 'Zimmermann', 'Ozturk', 'Mensah',
] as const;

export const PROJECT_PREFIXES = [
  'Aether', 'Aurora', 'Axiom', 'Beacon', 'Blade', 'Bolt', 'Cascade', 'Cipher', 'Cobalt', 'Comet',
  'Coral', 'Crest', 'Delta', 'Drift', 'Echo', 'Ember', 'Epoch', 'Falcon', 'Flux', 'Forge',
  'Fractal', 'Frost', 'Glacier', 'Granite', 'Halo', 'Helix', 'Horizon', 'Hydra', 'Ion', 'Jade',
  'Kinetic', 'Krypton', 'Lattice', 'Lotus', 'Lunar', 'Magma', 'Marble', 'Mosaic', 'Nebula', 'Neon',
  'Nexus', 'Nova', 'Obsidian', 'Onyx', 'Orbit', 'Pebble', 'Photon', 'Pixel', 'Prism', 'Pulse',
  'Quark', 'Radiant', 'Raven', 'Ripple', 'Sable', 'Shard', 'Sierra', 'Solstice', 'Spark', 'Sphinx',
  'Stellar', 'Summit', 'Tango', 'Tempest', 'Terra', 'Tidal', 'Titan', 'Umbra', 'Vector', 'Velvet',
  'Vertex', 'Vortex', 'Willow', 'Xenon', 'Zenith', 'Zephyr',
] as const;

export const PROJECT_SUFFIXES = [
  'Swap', 'Finance', 'Protocol', 'Labs', 'Network', 'Chain', 'DAO', 'Fi', 'Layer', 'Vault',
  'Bridge', 'Lend', 'Markets', 'Perps', 'Pay', 'ID', 'Games', 'Oracle', 'Stake', 'Rollup',
  'Wallet', 'Mint', 'Verse', 'Dex', 'Yield', 'Data', 'Compute', 'Storage', 'Social', 'AI',
] as const;

export const FUND_PREFIXES = [
  'Alder', 'Granite Peak', 'Arbor', 'Atlas', 'Bastion', 'Birchwood', 'Blue Harbor', 'Boulder', 'Cedar', 'Castle Rock',
  'Compass', 'Crescent', 'Cypress', 'Dawnline', 'Eastgate', 'Elm Street', 'Evergreen', 'Fairway', 'Fieldstone', 'Foundry',
  'Glasshouse', 'Goldcrest', 'Greenfield', 'Harbor', 'Hawthorn', 'Highline', 'Ironbridge', 'Juniper', 'Keystone', 'Lakeshore',
  'Lighthouse', 'Longview', 'Maple', 'Meadow', 'Monolith', 'Northstar', 'Oakridge', 'Outpost', 'Pinecrest', 'Polaris',
  'Redwood', 'Ridgeline', 'Riverbend', 'Saltwater', 'Aspen Point', 'Silverline', 'Skyward', 'Stonebridge', 'Tidewater', 'Westwind',
] as const;

export const FUND_SUFFIXES = ['Ventures', 'Capital', 'Partners', 'Digital', 'Crypto Fund', 'Holdings', 'Labs Capital', 'Research'] as const;

export const SERVICE_NAMES = {
  service: {
    prefixes: ['Sentry', 'Bulwark', 'Ledger', 'Paragon', 'Rampart', 'Aegis', 'Verity', 'Clearpath', 'Keel', 'Lumen', 'Waypoint', 'Trellis', 'Anvil', 'Quill', 'Signal'],
    suffixes: ['Audits', 'Security', 'Legal', 'KYC', 'Dev Studio', 'Agency', 'Advisory', 'Compliance', 'Growth'],
  },
  platform: {
    prefixes: ['Apex', 'Bright', 'Coin', 'Harborview', 'Polar', 'Open', 'Pilot', 'Quantum', 'Rapid', 'Swift', 'True', 'Zen'],
    suffixes: ['Exchange', 'Trade', 'DEX', 'Markets', 'Pro'],
  },
  launchpad: {
    prefixes: ['Ignite', 'Liftoff', 'Rocket', 'Seedling', 'Starter', 'Catapult', 'Kickstart', 'Ramp', 'Orbiter'],
    suffixes: ['Pad', 'Launch', 'Starter', 'IDO'],
  },
  institution: {
    prefixes: ['Bank of', 'Trust of', 'Custody of', 'Treasury of'],
    suffixes: ['Zurich', 'Singapore', 'Dubai', 'Lisbon', 'Seoul', 'Toronto', 'Frankfurt', 'Cayman'],
  },
} as const;

export const SECTORS = [
  'DeFi', 'Infrastructure', 'Gaming', 'NFT', 'Layer 1', 'Layer 2', 'Wallet', 'Payments', 'DePIN', 'AI',
  'Social', 'Privacy', 'Oracles', 'RWA', 'Stablecoins', 'Derivatives', 'Lending', 'DEX', 'Identity', 'Data',
] as const;

export const SERVICE_SECTORS = {
  service: ['Security', 'Auditing', 'Legal', 'KYC', 'Development', 'Marketing', 'Advisory', 'Compliance'],
  platform: ['Exchange', 'DEX', 'Trading', 'Custody'],
  launchpad: ['Launchpad', 'Fundraising', 'IDO'],
  institution: ['Banking', 'Custody', 'Asset Management'],
} as const;

export const CHAINS = [
  'Ethereum', 'Solana', 'Arbitrum', 'Optimism', 'Base', 'Polygon', 'BNB Chain', 'Avalanche', 'Cosmos', 'Sui',
  'Aptos', 'TON', 'Bitcoin', 'Near', 'zkSync', 'Starknet', 'Celestia', 'Polkadot',
] as const;

export const SIZES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;

export const DOMAIN_TLDS = ['.xyz', '.io', '.finance', '.org', '.com', '.network', '.app'] as const;

export const ROUND_TYPES = ['pre-seed', 'seed', 'strategic', 'series-a', 'series-b', 'private', 'public'] as const;
export const ROUND_LABELS: Record<(typeof ROUND_TYPES)[number], string> = {
  'pre-seed': 'Pre-Seed Round',
  seed: 'Seed Round',
  strategic: 'Strategic Round',
  'series-a': 'Series A',
  'series-b': 'Series B',
  private: 'Private Sale',
  public: 'Public Sale',
};

export const FUND_TYPES = ['vc', 'accelerator', 'corporate', 'dao', 'family-office', 'hedge-fund'] as const;
export const TRUST_TIERS = ['S', 'A', 'B', 'C'] as const;

/** Job titles per company kind, each with the role bucket that `roles` filters and facets on. */
export const JOB_TITLES: Record<'project' | 'investor' | 'service' | 'institution', readonly (readonly [string, Role])[]> = {
  project: [
    ['Co-founder & CEO', 'founder'], ['Founder', 'founder'], ['Co-founder & CTO', 'founder'],
    ['Chief Operating Officer', 'executive'], ['Head of Product', 'executive'],
    ['Lead Smart Contract Engineer', 'engineering'], ['Protocol Engineer', 'engineering'], ['Solidity Developer', 'engineering'],
    ['Head of BD', 'bd'], ['BD Lead', 'bd'], ['Partnerships Manager', 'bd'], ['Ecosystem Lead', 'bd'],
    ['Head of Marketing', 'marketing'], ['Growth Lead', 'marketing'],
    ['Community Manager', 'community'], ['Head of Community', 'community'],
    ['Operations Lead', 'operations'], ['General Counsel', 'legal'],
  ],
  investor: [
    ['Managing Partner', 'investor'], ['General Partner', 'investor'], ['Partner', 'investor'],
    ['Principal', 'investor'], ['Investment Associate', 'investor'], ['Head of Research', 'research'],
    ['Research Analyst', 'research'], ['Platform Lead', 'bd'], ['Head of Portfolio Growth', 'bd'],
  ],
  service: [
    ['Founder', 'founder'], ['CEO', 'executive'], ['Head of Sales', 'bd'], ['Account Executive', 'bd'],
    ['Lead Auditor', 'engineering'], ['Security Researcher', 'engineering'], ['Listings Manager', 'bd'],
    ['Head of Listings', 'bd'], ['Counsel', 'legal'], ['Marketing Director', 'marketing'],
  ],
  institution: [
    ['Head of Digital Assets', 'executive'], ['Director, Custody', 'operations'], ['VP Partnerships', 'bd'],
    ['Compliance Officer', 'legal'],
  ],
};

export const ANALYST_TITLES = ['Research Analyst', 'On-chain Analyst', 'Independent Researcher', 'Crypto Analyst', 'Token Economist'] as const;
