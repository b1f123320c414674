/** Every resource the node offers, by its parameter value: the node's description and the router read this one list. */
import type { ResourceModule } from '../helpers/types';
import * as agent from './agent';
import * as apiRequest from './apiRequest';
import * as knowledgeDocument from './knowledgeDocument';
import * as member from './member';
import * as memoryFact from './memoryFact';
import * as organization from './organization';
import * as skill from './skill';
import * as team from './team';
import * as webhookSubscription from './webhookSubscription';

export const resources = { agent, apiRequest, knowledgeDocument, member, memoryFact, organization, skill, team, webhookSubscription } satisfies Record<string, ResourceModule>;
